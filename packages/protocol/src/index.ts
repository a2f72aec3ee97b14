/**
 * @harness-lab/protocol: the device protocol v1 (v1.1 additions included) of Harness Lab: its zod
 * schemas and types, and a typed device client over fetch. The contract is protocol.md §1.
 */
export * from "./schemas/common.ts";
export * from "./schemas/tool.ts";
export * from "./schemas/trace.ts";
export * from "./schemas/messages.ts";
export * from "./schemas/errors.ts";
export * from "./schemas/json-depth.ts";
export * from "./client/errors.ts";
export * from "./client/retry.ts";
export { type CallOptions, type FetchLike, type RetryEvent, type Sleep, defaultSleep } from "./client/transport.ts";
export type { HeartbeatOptions, HeartbeatTimer } from "./client/heartbeat.ts";
export * from "./client/client.ts";
