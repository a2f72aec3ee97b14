import { z } from "zod";
import type { GateMargins } from "./types";

/**
 * Default margins: a change smaller than these is "real, within margin", never a regression.
 * 10% of model load and turn time is about what one phone drifts between days (the study's TTFT
 * varied ~8% with thermal state); 5% of the TTFT slope is its run-to-run spread in the latency
 * model (5.2 ms per prompt token).
 */
export const DEFAULT_MARGINS: GateMargins = { load: 0.1, turn: 0.1, ttft: 0.05 };

const margin = z.number().gt(0, "a margin is a relative change above 0, e.g. 0.1 for 10%").max(10);

/** The gate's settings file (kept beside a CI workflow): `{"alpha": 0.05, "margins": {"load": 0.1, …}}`. */
export const GateConfigFile = z
  .object({
    alpha: z.number().gt(0).lt(1).optional(),
    margins: z
      .object({ load: margin.optional(), turn: margin.optional(), ttft: margin.optional() })
      .strict()
      .optional(),
  })
  .strict();
export type GateConfigFile = z.infer<typeof GateConfigFile>;

/**
 * `load=0.1,ttft=0.05` (the CLI's `--margin`, the API's `margin`): the named margins over
 * `base`. Returns an error sentence for anything else.
 */
export function parseMargins(
  text: string,
  base: GateMargins = DEFAULT_MARGINS,
): { margins: GateMargins } | { error: string } {
  const out: GateMargins = { ...base };
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(load|turn|ttft)\s*=\s*([0-9]*\.?[0-9]+)(%?)$/.exec(part);
    if (!m)
      return {
        error: `“${part}” is not a margin: write NAME=VALUE with NAME load, turn or ttft, e.g. load=0.1,ttft=0.05.`,
      };
    const v = Number(m[2]) / (m[3] ? 100 : 1);
    if (!(v > 0 && v <= 10))
      return { error: `the ${m[1]} margin must be above 0 (0.1 or 10% is ten percent), not ${m[2]}${m[3]}.` };
    out[m[1] as keyof GateMargins] = v;
  }
  return { margins: out };
}

/** "load 10%, turn 10%, TTFT slope 5%". */
export function marginsText(m: GateMargins): string {
  const p = (x: number) => `${Math.round(x * 1000) / 10}%`;
  return `load ${p(m.load)}, turn ${p(m.turn)}, TTFT slope ${p(m.ttft)}`;
}
