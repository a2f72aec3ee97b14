export * from "./columns";
export * from "./csv";
export * from "./json";
export * from "./import";
export * from "./tables";
export * from "./importKey";
