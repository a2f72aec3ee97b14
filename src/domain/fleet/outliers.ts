import { pushTo } from "../pushTo";
import { clusterRobustSlope, type ClusterSums } from "../stats/robust-slope";
import { studentTQuantile } from "../stats/t-dist";

export interface TimingPoint {
  /** The run the turn belongs to: a run's turns share its phone's state, so runs are the clusters. */
  runId: string;
  deviceId: string;
  buildCommit: string;
  configId: string;
  promptTokens: number;
  ttftMs: number;
}

export interface DeviceOutlier {
  deviceId: string;
  buildCommit: string;
  configId: string;
  slopeCi: [number, number];
  fleetSlopeCi: [number, number];
  reason: string;
}

/** The TTFT slope over points with its 95% interval clustered by run; null with fewer than two runs. */
function slopeByRun(points: readonly TimingPoint[]): { slope: number; ci: [number, number] } | null {
  const runs = new Map<string, ClusterSums>();
  for (const p of points) {
    const c = runs.get(p.runId) ?? { n: 0, sx: 0, sy: 0, sxx: 0, sxy: 0 };
    c.n++;
    c.sx += p.promptTokens;
    c.sy += p.ttftMs;
    c.sxx += p.promptTokens * p.promptTokens;
    c.sxy += p.promptTokens * p.ttftMs;
    runs.set(p.runId, c);
  }
  const fit = clusterRobustSlope([...runs.values()]);
  if (!fit) return null;
  const t = studentTQuantile(0.975, fit.df);
  return { slope: fit.slope, ci: [fit.slope - t * fit.se, fit.slope + t * fit.se] };
}

/**
 * Devices whose timings are outliers against the rest of the fleet (issue 20.4): within each
 * (build, config), the least-squares slope of ttftMs on promptTokens over one device's turns
 * against the slope over every other device's turns, each with its 95% interval clustered by run
 * (issue 31: a run's turns share the phone's state that run, so 40 turns of 3 runs are not 40
 * independent points). The device is marked when the two intervals do not overlap: the
 * conservative reading of "its CI excludes the fleet's", so that one precise device is not marked
 * for a difference the fleet's own spread covers. Needs two runs on each side.
 */
export function timingOutliers(points: readonly TimingPoint[]): DeviceOutlier[] {
  const groups = new Map<string, TimingPoint[]>();
  for (const p of points) {
    const key = JSON.stringify([p.buildCommit, p.configId]);
    pushTo(groups, key, p);
  }
  const out: DeviceOutlier[] = [];
  for (const [key, list] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [buildCommit, configId] = JSON.parse(key) as [string, string];
    const devices = [...new Set(list.map((p) => p.deviceId))].sort();
    if (devices.length < 2) continue;
    for (const deviceId of devices) {
      const own = slopeByRun(list.filter((p) => p.deviceId === deviceId));
      const rest = slopeByRun(list.filter((p) => p.deviceId !== deviceId));
      if (!own || !rest) continue;
      const [lo, hi] = own.ci;
      const [flo, fhi] = rest.ci;
      if (hi >= flo && fhi >= lo) continue;
      const dir = lo > fhi ? "slower" : "faster";
      const f = (v: number) => v.toFixed(2);
      out.push({
        deviceId,
        buildCommit,
        configId,
        slopeCi: own.ci,
        fleetSlopeCi: rest.ci,
        reason:
          `${dir === "slower" ? "Slower" : "Faster"} than the rest of the fleet on build ${buildCommit}, config ${configId}: ` +
          `TTFT rises ${f(lo)}–${f(hi)} ms per prompt token here against ${f(flo)}–${f(fhi)} on the other phones (95% intervals, runs as the unit).`,
      });
    }
  }
  return out;
}
