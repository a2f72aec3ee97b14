"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { call, ApiError } from "@/client/api";
import { budget } from "@/contracts";
import type { PrefillModel } from "@/domain/budget/latency";
import { parseToolsDraft, signedTokens } from "@/domain/budget/draft";
import { draftDelta } from "@/domain/budget/table";
import { signedDuration } from "@/domain/analytics/loadPrediction";
import { duration, integer, percent } from "@/domain/stats/format";
import type { ToolDefinition } from "@/domain/protocol/tool";

export interface PlannerConfig {
  id: string;
  version: number;
  label: string;
  contextWindow: number;
  systemPrompt: string;
  tools: ToolDefinition[];
  tokens: number;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * Edit a config's system prompt or tools and see, as you type, its start-up tokens (counted on
 * the server), the load the chosen line predicts, the window left and the change against the
 * stored version; save it as a new version. Every number comes from src/domain/budget.
 */
export function Planner({
  suiteId,
  configs,
  model,
  initialConfig,
}: {
  suiteId: string;
  configs: PlannerConfig[];
  model: PrefillModel | null;
  initialConfig?: string;
}) {
  const router = useRouter();
  const [configId, setConfigId] = useState(configs.find((c) => c.id === initialConfig)?.id ?? configs[0].id);
  const current = configs.find((c) => c.id === configId) ?? configs[0];
  const [prompt, setPrompt] = useState(current.systemPrompt);
  const [toolsText, setToolsText] = useState(JSON.stringify(current.tools, null, 2));
  const [saved, setSaved] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (id: string) => {
    const c = configs.find((x) => x.id === id)!;
    setConfigId(id);
    setPrompt(c.systemPrompt);
    setToolsText(JSON.stringify(c.tools, null, 2));
    setSaved(null);
    setSaveError(null);
  };

  const tools = useMemo(() => parseToolsDraft(toolsText), [toolsText]);
  const draft = useDebounced({ systemPrompt: prompt, tools: tools.ok ? tools.tools : null }, 300);
  const count = useQuery({
    queryKey: ["budget-count", draft.systemPrompt, draft.tools],
    queryFn: () => call(budget.count, { json: { systemPrompt: draft.systemPrompt, tools: draft.tools ?? [] } }),
    enabled: draft.tools !== null,
    placeholderData: keepPreviousData,
  });
  const tokens = count.data?.tokens ?? null;
  const delta = tokens === null ? null : draftDelta(model, current.tokens, tokens, current.contextWindow);
  const changed =
    prompt !== current.systemPrompt || !tools.ok || JSON.stringify(tools.tools) !== JSON.stringify(current.tools);
  // Dim the numbers while they describe an older text: typing, counting, or tool JSON that does not parse.
  const pending =
    count.isFetching ||
    draft.systemPrompt !== prompt ||
    !tools.ok ||
    JSON.stringify(draft.tools) !== JSON.stringify(tools.tools);

  async function save() {
    if (!tools.ok) return;
    setBusy(true);
    setSaveError(null);
    try {
      const r = await call(budget.saveConfig, {
        json: { suite: suiteId, configId, systemPrompt: prompt, tools: tools.tools },
      });
      setSaved(
        `Saved ${r.config.id} version ${r.config.version} in suite ${r.suite.id} version ${r.suite.version}; new sessions use it.`,
      );
      router.refresh();
    } catch (err) {
      setSaveError(
        err instanceof ApiError ? err : new ApiError(0, "unknown", "The config could not be saved; try again."),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="panel planner" data-testid="planner">
      <div className="row">
        <div>
          <label htmlFor="planner-config">Config</label>
          <select
            id="planner-config"
            value={configId}
            onChange={(e) => pick(e.target.value)}
            data-testid="planner-config"
          >
            {configs.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id} v{c.version} ({c.label})
              </option>
            ))}
          </select>
        </div>
        <p className="muted planner-stored">
          Stored: <b>{integer(current.tokens)}</b> start-up tokens, window {integer(current.contextWindow)}.
        </p>
      </div>
      <div className="planner-grid">
        <div>
          <label htmlFor="planner-prompt">System prompt</label>
          <textarea
            id="planner-prompt"
            rows={10}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            data-testid="planner-prompt"
          />
          <label htmlFor="planner-tools">
            Tool definitions <span className="hint">JSON list of {"{name, description, parameters}"}</span>
          </label>
          <textarea
            id="planner-tools"
            className="mono"
            rows={12}
            value={toolsText}
            onChange={(e) => setToolsText(e.target.value)}
            data-testid="planner-tools"
            spellCheck={false}
          />
          {!tools.ok && (
            <p className="error" data-testid="planner-tools-error">
              {tools.message}
            </p>
          )}
        </div>
        <div
          className={`planner-numbers${pending ? " pending" : ""}`}
          data-testid="planner-numbers"
          aria-busy={pending}
        >
          {count.error ? (
            <p className="error" data-testid="planner-count-error">
              {count.error instanceof ApiError ? count.error.message : "The count failed; try again."}
            </p>
          ) : null}
          <div className="stat">
            <b data-testid="planner-tokens">{integer(tokens)}</b>
            <span>
              start-up tokens{" "}
              {count.data?.method === "estimate" ? (
                <em className="pill warn" data-testid="planner-estimate">
                  estimate: tokenizer unavailable
                </em>
              ) : (
                "(Gemma 3 tokenizer)"
              )}
            </span>
          </div>
          <div className="stat">
            <b data-testid="planner-predicted">{model ? duration(delta?.predictedMs ?? null) : "–"}</b>
            <span>{model ? "predicted load on the chosen line" : "no fitted line for this device and build"}</span>
          </div>
          <div className="stat">
            <b data-testid="planner-window-left">{delta ? percent(delta.windowLeft.share) : "–"}</b>
            <span>of the window left for the task ({delta ? integer(delta.windowLeft.tokens) : "–"} tokens)</span>
          </div>
          <div className="stat">
            <b data-testid="planner-delta-tokens">{delta ? signedTokens(delta.tokens) : "–"}</b>
            <span>tokens against v{current.version}</span>
          </div>
          <div className="stat">
            <b data-testid="planner-delta-ms">
              {delta?.deltaMs ? (delta.tokens === 0 ? "no change" : signedDuration(delta.deltaMs.ms)) : "–"}
            </b>
            <span>
              predicted load against v{current.version}
              {delta?.deltaMs && delta.tokens !== 0
                ? ` (95% CI ${signedDuration(delta.deltaMs.ci[0])} to ${signedDuration(delta.deltaMs.ci[1])})`
                : ""}
            </span>
          </div>
          <button
            type="button"
            className="btn primary"
            onClick={save}
            disabled={busy || !changed || !tools.ok}
            data-testid="planner-save"
          >
            Save as a new version of {configId}
          </button>
          {saved && (
            <p className="notice" data-testid="planner-saved">
              {saved}
            </p>
          )}
          {saveError && (
            <p className="error" data-testid="planner-save-error">
              {saveError.message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
