import type { APIRequestContext } from "@playwright/test";
import { expect } from "../fixtures";

/** One run of a runs.json (protocol.md §4), valid for POST /api/import/runs; `over` sets what a test needs. */
export function importedRun(over: Record<string, unknown> & { runId: string; sessionId: string; sessionName: string }) {
  return {
    trial: false,
    taskId: "dentist-todo-reminder",
    taskVersion: 1,
    taskGroup: "files",
    heldOut: false,
    configId: "files",
    configVersion: 1,
    repeat: 1,
    attempt: 1,
    deviceId: "pixel-e2e",
    deviceModel: "Pixel 9",
    buildCommit: "e2e0001",
    model: "gemma-4-e2b",
    startedAt: "2026-10-14T09:00:01Z",
    passed: true,
    outcome: "finished",
    looping: false,
    milestonesReached: 2,
    milestonesTotal: 2,
    startupTokens: 1100,
    loadMs: 6100,
    firstTtftMs: 480,
    medianTurnMs: 1900,
    turnCount: 1,
    toolCallCount: 0,
    failedToolCallCount: 0,
    repatches: 0,
    peakContextTokens: 1500,
    contextWindow: 4096,
    outputTokens: 40,
    thermalAtStart: "nominal",
    charging: false,
    superseded: false,
    checks: [{ id: "c1", passed: true }],
    progress: [],
    toolCalls: [],
    turns: [{ promptTokens: 45, contextTokens: 1500, ttftMs: 480, outputTokens: 40, decodeMs: 1420 }],
    endReason: "stop",
    ...over,
  };
}

/** Imports runs as a runs.json (named `name` when given); answers the new sessions in the file's order. */
export async function importRuns(request: APIRequestContext, runs: object[], name?: string) {
  const q = name ? `?name=${encodeURIComponent(name)}` : "";
  const r = await request.post(`/api/import/runs${q}`, { data: { version: 1, runs } });
  expect(r.status(), await r.text()).toBe(201);
  return (await r.json()).sessions as { id: string; name: string; runs: number }[];
}
