export { Z95, wilson } from "./wilson";
export { percent, percentInterval } from "./format";
export { binomialCdf, binomialLogPmf, binomialPmf } from "./binomial";
export { signTest } from "./sign-test";
export { mcnemarExact, pairRuns, type PairCounts } from "./mcnemar";
export { benjaminiHochberg } from "./bh";
export { regularizedIncompleteBeta } from "./incomplete-beta";
export { studentTCdf, studentTQuantile, studentTTwoSidedP } from "./t-dist";
export { olsFit, predict, type OlsFit } from "./regression";
export { significantlyWorse, slopeDifference, type SlopeDifference, type SlopeEstimate } from "./slope-compare";
export { passAtK, passHatK } from "./pass-at-k";
export { majority, median, mostCommon } from "./descriptive";
export { wilsonEffective } from "./wilson";
export { normalQuantile } from "./normal";
export { clustering, type Cluster, type Clustering } from "./icc";
export {
  clusterBootstrapDiff,
  BOOTSTRAP_RESAMPLES,
  BOOTSTRAP_SEED,
  type BootstrapInterval,
  type TaskPair,
} from "./bootstrap";
export { connorPairs, detectableDifference, tasksForPairs } from "./sample-size";
