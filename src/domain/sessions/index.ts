export * from "./summary";
export * from "./leases";
export * from "./passBars";
export * from "./calibration";
export * from "./comparisons";
export * from "./figureContext";
export * from "./state";
