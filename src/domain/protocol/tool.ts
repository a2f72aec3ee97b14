// The device protocol's schemas live in packages/protocol (the phone app imports them too).
export { JsonValue, MAX_TOOL_CALLS, MAX_TURNS, FileChange, ToolCall, ToolDefinition } from "@harness-lab/protocol";
