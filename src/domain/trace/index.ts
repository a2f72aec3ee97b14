export * from "./inert";
export * from "./highlight";
export * from "./collapse";
export * from "./diff";
export * from "./speed";
export * from "./workspace";
export * from "./rows";
export * from "./read";
