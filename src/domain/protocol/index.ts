export * from "./common";
export * from "./tool";
export * from "./trace";
export * from "./messages";
export * from "./errors";
export * from "./api";
