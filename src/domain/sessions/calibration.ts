/**
 * An A/A calibration session runs one config twice to measure a phone's noise: its runs form two
 * arms by repeat parity, so both arms see every task, interleaved in time, and differ only by chance.
 */

/** Repeats of a calibration session when the request names none: three runs a task in each arm. */
export const CALIBRATION_REPEATS = 6;

export type CalibrationArm = 1 | 2;

/** The arm of a run of a calibration session: arm 1 holds the odd repeats (1, 3, 5, …), arm 2 the even ones. */
export function calibrationArm(repeat: number): CalibrationArm {
  return repeat % 2 === 1 ? 1 : 2;
}

/** The repeats of each arm of a session with `repeats` repeats: `[[1, 3, 5], [2, 4, 6]]` for 6. */
export function calibrationArms(repeats: number): [number[], number[]] {
  const arms: [number[], number[]] = [[], []];
  for (let r = 1; r <= repeats; r++) arms[calibrationArm(r) - 1].push(r);
  return arms;
}

/**
 * What keeps a request from being a calibration session, one issue per field: exactly one config
 * (counted after duplicates are dropped) and an even number of repeats, at least 2, so the two arms
 * are the same size. Empty when it can be queued.
 */
export function calibrationIssues(configCount: number, repeats: number): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (configCount !== 1)
    issues.push({ path: "configs", message: `an A/A calibration runs exactly one config, not ${configCount}` });
  if (repeats < 2 || repeats % 2 !== 0)
    issues.push({
      path: "repeats",
      message: `an A/A calibration needs an even number of repeats (2, 4, 6, …) for its two arms, not ${repeats}`,
    });
  return issues;
}

const repeatList = (rs: number[]) => (rs.length <= 4 ? rs.join(", ") : `${rs[0]}, ${rs[1]}, …, ${rs[rs.length - 1]}`);

/** The session page's line for a calibration session: which repeats form each arm, and what they measure. */
export function calibrationArmsText(configId: string, repeats: number): string {
  const [one, two] = calibrationArms(repeats);
  return `A/A calibration of ${configId}: arm 1 = repeats ${repeatList(one)}; arm 2 = repeats ${repeatList(two)}. How far apart the two arms land is this phone's noise.`;
}
