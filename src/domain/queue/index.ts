export * from "./states";
export * from "./order";
export * from "./progress";
export * from "./runRow";
