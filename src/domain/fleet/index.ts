export * from "./online";
export * from "./eta";
export * from "./cost";
export * from "./outliers";
export * from "./deviceStats";
export * from "./phoneName";
