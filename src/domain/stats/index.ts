export { Z95, wilson } from "./wilson";
export { percent, percentInterval } from "./format";
export { binomialCdf, binomialLogPmf, binomialPmf } from "./binomial";
export { signTest } from "./sign-test";
export { mcnemarExact, pairRuns, type PairCounts } from "./mcnemar";
export { benjaminiHochberg } from "./bh";
export { regularizedIncompleteBeta } from "./incomplete-beta";
export { studentTCdf, studentTQuantile, studentTTwoSidedP } from "./t-dist";
export { olsFit, predict, type OlsFit } from "./regression";
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
export { signFlipNull, signFlipTest, type SignFlipNull, type SignFlipTest } from "./sign-flip";
export { taskPairedMcnemar, type TaskPairedTable } from "./task-mcnemar";
export {
  clusterRobustFromProducts,
  clusterRobustSlope,
  slopeChangeVsMargin,
  type ClusterSums,
  type MarginVerdict,
  type RobustSlope,
} from "./robust-slope";
export { sampleMedian, stratifiedMedianChange, type MedianChange } from "./bootstrap-median";
export { nullRejection, nullRejectionSentence, type NullRejection } from "./null-calibration";
export {
  ANYTIME_TRUNCATION,
  AnytimeMonitor,
  anytimeInterval,
  anytimeSequence,
  sequentialDecision,
  stillInformative,
  taskDifference,
  type AnytimeInterval,
  type AnytimeOptions,
  type RepeatReason,
  type SequentialDecision,
} from "./confidence-sequence";
