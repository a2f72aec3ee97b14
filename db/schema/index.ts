export * from "./suites";
export * from "./devices";
export * from "./sessions";
export * from "./jobs";
export * from "./runs";
export * from "./runFacts";
export * from "./access";
