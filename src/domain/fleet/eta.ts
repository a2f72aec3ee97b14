import { pushTo } from "../pushTo";
import { median } from "../stats/descriptive";

export interface QueueEta {
  /** Jobs still to run (queued or leased). */
  jobs: number;
  /** Jobs whose config has no finished run yet, estimated with the median over every config. */
  estimatedFromOtherConfigs: number;
  /** Phone time the remaining jobs need, in hours; null when no run has finished to estimate from. */
  phoneHours: number | null;
  onlineDevices: number;
  /** Wall-clock hours with the online phones sharing the work; null with no phone online or no estimate. */
  hours: number | null;
}

/**
 * The queue's ETA in phone-hours (issue 20.4). Each remaining job of config c is expected to take
 * the median wall time of c's finished runs (endedAt − startedAt, so warm-up and rest count: they
 * occupy the phone too); a config with no finished run takes the median over all finished runs.
 *
 *   phoneHours = Σ_jobs est(config) / 3 600 000 ms,   hours = phoneHours / onlineDevices
 *
 * `hours` assumes the online phones work in parallel at the same pace (approximate).
 */
export function queueEta(
  remaining: readonly { configId: string; jobs: number }[],
  finished: readonly { configId: string; wallMs: number }[],
  onlineDevices: number,
): QueueEta {
  const byConfig = new Map<string, number[]>();
  for (const r of finished) pushTo(byConfig, r.configId, r.wallMs);
  const overall = median(finished.map((r) => r.wallMs));
  let jobs = 0;
  let other = 0;
  let ms = 0;
  for (const r of remaining) {
    jobs += r.jobs;
    const own = median(byConfig.get(r.configId) ?? []);
    if (own === null) other += r.jobs;
    ms += r.jobs * (own ?? overall ?? 0);
  }
  const phoneHours = jobs === 0 ? 0 : overall === null ? null : ms / 3_600_000;
  const hours = phoneHours === null || onlineDevices <= 0 ? null : phoneHours / onlineDevices;
  return { jobs, estimatedFromOtherConfigs: other, phoneHours, onlineDevices, hours };
}
