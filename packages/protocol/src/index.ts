/**
 * @harness-lab/protocol: the device protocol v1 (v1.1 additions included) of Harness Lab: its zod
 * schemas and types, and a typed device client over fetch. The contract is protocol.md §1.
 */
export * from "./schemas/common.js";
export * from "./schemas/tool.js";
export * from "./schemas/trace.js";
export * from "./schemas/messages.js";
export * from "./schemas/errors.js";
export * from "./schemas/json-depth.js";
export * from "./client/errors.js";
export * from "./client/retry.js";
export { type CallOptions, type FetchLike, type RetryEvent, type Sleep, defaultSleep } from "./client/transport.js";
export type { HeartbeatOptions, HeartbeatTimer } from "./client/heartbeat.js";
export * from "./client/client.js";
