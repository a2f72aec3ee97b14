/**
 * The arm of a run in a declared A/A calibration session (one config run twice): odd repeats
 * (1, 3, 5, …) are arm 1 and even repeats arm 2, so both arms see every task equally often and,
 * in an interleaved session, the same spread of phone states.
 */
export function calibrationArm(repeat: number): 1 | 2 {
  return repeat % 2 === 1 ? 1 : 2;
}
