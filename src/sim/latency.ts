import type { JobConfig, Thermal, ToolDefinition } from "@/domain/protocol";
import type { Rng } from "./rng";

/**
 * Latency of Gemma 4 E2B on an iPhone 15 Pro (react-native-executorch), from the study:
 * time to first token is linear in prompt tokens (≈5.2 ms/token, R² = 1.000; 1.7 s at 297
 * tokens, 7.8 s at 1,482), decoding ≈20 tokens/s, the first reply after idling is 2.5–3.5 s
 * slower, and sustained load heats the phone (nominal → fair → serious) which slows it down.
 */
export const LATENCY = {
  prefillMsPerToken: 5.2,
  interceptMs: 170,
  /** Model loading pays a fixed overhead on top of ingesting the start-up tokens (2.2 s at 300 tokens, 7.8 s at 1,351). */
  loadOverheadMs: 400,
  decodeTokensPerSec: 20,
  /** Idle longer than this and the next generation pays the warm-up penalty. */
  warmAfterIdleMs: 240_000,
  warmupPenaltyMs: [2500, 3500] as const,
  /** Relative noise (sd) on every timing; repeats agree within ~0.2 s. */
  noiseSd: 0.012,
  /** Heat gained per ms of compute, and the cooling time constant while idle. */
  heatPerComputeMs: 1 / 240_000,
  coolingTauMs: 70_000,
  chargingHeatFactor: 1.35,
  chargingSlowdown: 1.04,
  /** Generated tokens of the throwaway warm-up generation. */
  warmupOutputTokens: 16,
} as const;

/** Heat thresholds: below 0.3 nominal, below 0.6 fair, below 0.85 serious, else critical. */
const THERMAL_STEPS: [number, Thermal][] = [
  [0.3, "nominal"],
  [0.6, "fair"],
  [0.85, "serious"],
];
const SLOWDOWN: Record<Thermal, number> = { nominal: 1, fair: 1.12, serious: 1.35, critical: 1.7 };
export const THERMAL_RANK: Record<Thermal, number> = { nominal: 0, fair: 1, serious: 2, critical: 3 };

export function thermalOf(heat: number): Thermal {
  for (const [limit, state] of THERMAL_STEPS) if (heat < limit) return state;
  return "critical";
}

/** The phone's physical state, carried from job to job. Times are simulated phone milliseconds. */
export interface PhoneState {
  heat: number;
  charging: boolean;
  battery: number;
  /** Simulated time now, and when the model last generated (null: never, i.e. cold). */
  nowMs: number;
  lastComputeAtMs: number | null;
  /** How much slower than the study's build this phone's app build runs (1: as fast), to simulate a regression. */
  buildFactor: number;
}

export function newPhoneState(
  opts: { charging?: boolean; battery?: number; heat?: number; buildFactor?: number } = {},
): PhoneState {
  return {
    heat: opts.heat ?? 0.05,
    charging: opts.charging ?? false,
    battery: opts.battery ?? 0.9,
    nowMs: 0,
    lastComputeAtMs: null,
    buildFactor: opts.buildFactor ?? 1,
  };
}

/** Lets `ms` of simulated time pass with the model idle: the phone cools. */
export function idle(phone: PhoneState, ms: number): void {
  if (ms <= 0) return;
  phone.heat *= Math.exp(-ms / LATENCY.coolingTauMs);
  phone.nowMs += ms;
  if (phone.charging) phone.battery = Math.min(1, phone.battery + (ms / 3_600_000) * 0.5);
}

/** Spends `ms` of compute: time passes, the phone heats up and the battery drains. */
export function compute(phone: PhoneState, ms: number): void {
  phone.heat += ms * LATENCY.heatPerComputeMs * (phone.charging ? LATENCY.chargingHeatFactor : 1);
  phone.nowMs += ms;
  phone.lastComputeAtMs = phone.nowMs;
  if (!phone.charging) phone.battery = Math.max(0.05, phone.battery - (ms / 3_600_000) * 0.9);
}

/** Simulated ms of rest until the thermal state is at most `until`, capped at `maxMs` (the rest itself is applied). */
export function rest(phone: PhoneState, until: Thermal, maxMs: number): number {
  let rested = 0;
  while (THERMAL_RANK[thermalOf(phone.heat)] > THERMAL_RANK[until] && rested < maxMs) {
    const step = Math.min(1000, maxMs - rested);
    idle(phone, step);
    rested += step;
  }
  return rested;
}

export function slowdown(phone: PhoneState): number {
  return SLOWDOWN[thermalOf(phone.heat)] * (phone.charging ? LATENCY.chargingSlowdown : 1) * phone.buildFactor;
}

/** Whether the next generation pays the warm-up penalty (cold, or idle for long). */
export function isCold(phone: PhoneState): boolean {
  return phone.lastComputeAtMs === null || phone.nowMs - phone.lastComputeAtMs > LATENCY.warmAfterIdleMs;
}

const noisy = (rng: Rng, ms: number) => Math.max(0, ms * (1 + LATENCY.noiseSd * rng.normal()));

/** Noise-free time to first token for a prompt of `promptTokens`, nominal and unplugged. */
export function nominalTtftMs(promptTokens: number): number {
  return LATENCY.interceptMs + LATENCY.prefillMsPerToken * promptTokens;
}

/**
 * Time to first token. `cold`: the model is cold (see isCold), and the warm-up penalty is added,
 * drawn from this stream of its own, never from `rng`: whether a phone is cold depends on its idle
 * history (wall clock), and a draw from the run's stream taken only then would shift every later
 * draw of the run, its content included (README "Determinism"). Does not advance the phone.
 */
export function ttftMs(phone: PhoneState, rng: Rng, promptTokens: number, cold: Rng | null = null): number {
  let ms = noisy(rng, nominalTtftMs(promptTokens) * slowdown(phone));
  if (cold) ms += cold.between(LATENCY.warmupPenaltyMs[0], LATENCY.warmupPenaltyMs[1]);
  return Math.round(ms);
}

export function decodeMs(phone: PhoneState, rng: Rng, outputTokens: number): number {
  return Math.round(noisy(rng, (outputTokens / LATENCY.decodeTokensPerSec) * 1000 * slowdown(phone)));
}

/** The one-off ingestion of system prompt + tool definitions. */
export function loadMs(phone: PhoneState, rng: Rng, startupTokens: number): number {
  return Math.round(noisy(rng, (LATENCY.loadOverheadMs + nominalTtftMs(startupTokens)) * slowdown(phone)));
}

/** Rough token count of text: ≈4 characters per token (Gemma's tokenizer on English prose). */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.max(1, Math.ceil(text.length / 4));
}

/** Chat-template tokens around the system turn. */
export const TEMPLATE_TOKENS = 20;
/**
 * Gemma renders tool declarations far less compactly than their JSON (names, types and
 * descriptions wrapped in special tokens): ≈2.03 tokens per 4 JSON characters puts the seven
 * file tools at ≈1,138 tokens and the bash tool at ≈176, as measured in the study.
 */
export const TOOL_TOKEN_SCALE = 2.03;

export function toolTokens(tools: readonly ToolDefinition[]): number {
  return tools.reduce((sum, t) => sum + Math.round((JSON.stringify(t).length / 4) * TOOL_TOKEN_SCALE), 0);
}

/** Start-up tokens: template + system prompt + tool definitions. */
export function startupTokens(config: Pick<JobConfig, "systemPrompt" | "tools">): number {
  return TEMPLATE_TOKENS + estimateTokens(config.systemPrompt) + toolTokens(config.tools);
}
