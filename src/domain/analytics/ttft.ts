import { olsFromMoments, predict, type Moments, type OlsFit } from "../stats/regression";
import { significantlyWorse, slopeDifference } from "../stats/slope-compare";

export type TtftPoints = "turns" | "loads" | "all";

export interface TtftFitView {
  n: number;
  slopeMsPerToken: number;
  interceptMs: number;
  r2: number | null;
  slopeCi: [number, number];
}

export const fitView = (f: OlsFit): TtftFitView => ({
  n: f.n,
  slopeMsPerToken: f.slope,
  interceptMs: f.intercept,
  r2: f.r2,
  slopeCi: f.slopeCi,
});

export interface ConfigLoad {
  configId: string;
  startupTokens: number | null;
  measuredLoadMs: number | null;
}

/**
 * Each config's load time predicted from its median start-up tokens by the fitted line
 * (interceptMs + slopeMsPerToken × startupTokens), beside the measured median: the study's check
 * that 1,051 extra tokens predict 5.5 s and cost 5.6 s.
 */
export function predictLoads(fit: OlsFit | null, configs: ConfigLoad[]) {
  return configs.map((c) => ({
    ...c,
    predictedLoadMs: fit && c.startupTokens !== null ? predict(fit, c.startupTokens) : null,
  }));
}

export interface BuildMoments {
  device: string;
  build: string;
  firstSeen: number;
  moments: Moments;
}

export interface BuildFit {
  device: string;
  build: string;
  fit: TtftFitView | null;
  /** Against the previous build on the same device: slope difference, its p, and whether it is a regression. */
  vsPrevious: { build: string; diffMsPerToken: number; p: number; regression: boolean } | null;
}

/**
 * A TTFT fit per device × build, builds in the order first seen; a build is a regression when
 * its slope is significantly larger than the previous build's on the same device (two-sided
 * t test on the slope difference, α = 0.05, and the new slope larger).
 */
export function buildFits(groups: BuildMoments[], alpha = 0.05): BuildFit[] {
  const sorted = [...groups].sort((a, b) =>
    a.device < b.device ? -1 : a.device > b.device ? 1 : a.firstSeen - b.firstSeen,
  );
  const out: BuildFit[] = [];
  let prev: { device: string; build: string; fit: OlsFit | null } | null = null;
  for (const g of sorted) {
    const fit = olsFromMoments(g.moments);
    let vsPrevious: BuildFit["vsPrevious"] = null;
    if (prev && prev.device === g.device && prev.fit && fit) {
      const d = slopeDifference(prev.fit, fit);
      if (d)
        vsPrevious = {
          build: prev.build,
          diffMsPerToken: d.diff,
          p: d.p,
          regression: significantlyWorse(prev.fit, fit, alpha),
        };
    }
    out.push({ device: g.device, build: g.build, fit: fit ? fitView(fit) : null, vsPrevious });
    prev = { device: g.device, build: g.build, fit };
  }
  return out;
}
