import { olsFromMoments, predict, type Moments, type OlsFit } from "../stats/regression";
import { clusterRobustFromProducts, slopeChangeVsMargin, type ClusterProducts } from "../stats/robust-slope";

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
  /** Per-run products of the fit's sums, for the slope's standard error clustered by run. */
  products: ClusterProducts;
}

/** The TTFT slope's default margin against the previous build: 5%, as the gate's (src/domain/gate/margins.ts). */
export const BUILD_SLOPE_MARGIN = 0.05;

export interface BuildFit {
  device: string;
  /** The device as pages name it (phoneLabel: its tokens' names · the reported id); `device` when absent. */
  deviceLabel?: string;
  build: string;
  fit: TtftFitView | null;
  /**
   * Against the previous build on the same device: the slope difference, its relative change with
   * a 95% interval from standard errors clustered by run, the one-sided p that the change exceeds
   * the margin, and whether it is a regression (the whole interval above the margin).
   */
  vsPrevious: {
    build: string;
    diffMsPerToken: number;
    change: number;
    ci: [number, number];
    margin: number;
    p: number;
    regression: boolean;
  } | null;
}

/**
 * A TTFT fit per device × build, builds in the order first seen; against the previous build on the
 * same device, the slope's relative change with its interval from standard errors clustered by run
 * (a run's turns share its phone's state: counting each turn as independent made a 5% change on a
 * busy machine "p < 0.001"), a regression only when the whole interval lies above `margin`.
 */
export function buildFits(groups: BuildMoments[], alpha = 0.05, margin = BUILD_SLOPE_MARGIN): BuildFit[] {
  const sorted = [...groups].sort((a, b) =>
    a.device < b.device ? -1 : a.device > b.device ? 1 : a.firstSeen - b.firstSeen,
  );
  const out: BuildFit[] = [];
  let prev: {
    device: string;
    build: string;
    fit: OlsFit | null;
    robust: ReturnType<typeof clusterRobustFromProducts>;
  } | null = null;
  for (const g of sorted) {
    const fit = olsFromMoments(g.moments);
    const robust = clusterRobustFromProducts(g.products);
    let vsPrevious: BuildFit["vsPrevious"] = null;
    if (prev && prev.device === g.device && prev.robust && robust) {
      const v = slopeChangeVsMargin(prev.robust, robust, margin, alpha);
      if (v)
        vsPrevious = {
          build: prev.build,
          diffMsPerToken: robust.slope - prev.robust.slope,
          change: v.change,
          ci: v.ci,
          margin,
          p: v.p,
          regression: v.verdict === "regression",
        };
    }
    out.push({ device: g.device, build: g.build, fit: fit ? fitView(fit) : null, vsPrevious });
    prev = { device: g.device, build: g.build, fit, robust };
  }
  return out;
}
