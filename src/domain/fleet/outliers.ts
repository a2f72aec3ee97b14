import { pushTo } from "../pushTo";
import { olsFit } from "../stats/regression";

export interface TimingPoint {
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

/**
 * Devices whose timings are outliers against the rest of the fleet (issue 20.4): within each
 * (build, config), the OLS fit of ttftMs on promptTokens over one device's turns against the fit
 * over every other device's turns. The device is marked when the two 95% slope intervals do not
 * overlap: the conservative reading of "its CI excludes the fleet's", so that one precise device
 * is not marked for a difference the fleet's own spread covers. Needs ≥3 turns on each side.
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
      const xy = (p: TimingPoint) => ({ x: p.promptTokens, y: p.ttftMs });
      const own = olsFit(list.filter((p) => p.deviceId === deviceId).map(xy));
      const rest = olsFit(list.filter((p) => p.deviceId !== deviceId).map(xy));
      if (!own || !rest) continue;
      const [lo, hi] = own.slopeCi;
      const [flo, fhi] = rest.slopeCi;
      if (hi >= flo && fhi >= lo) continue;
      const dir = lo > fhi ? "slower" : "faster";
      const f = (v: number) => v.toFixed(2);
      out.push({
        deviceId,
        buildCommit,
        configId,
        slopeCi: own.slopeCi,
        fleetSlopeCi: rest.slopeCi,
        reason:
          `${dir === "slower" ? "Slower" : "Faster"} than the rest of the fleet on build ${buildCommit}, config ${configId}: ` +
          `TTFT rises ${f(lo)}–${f(hi)} ms per prompt token here against ${f(flo)}–${f(fhi)} on the other phones.`,
      });
    }
  }
  return out;
}
