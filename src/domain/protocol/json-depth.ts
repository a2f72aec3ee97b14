// The device protocol's schemas live in packages/protocol (the phone app imports them too).
export { jsonDepthExceeds, isJsonValue } from "@harness-lab/protocol";
