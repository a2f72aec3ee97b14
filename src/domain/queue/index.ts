export * from "./states";
export * from "./order";
