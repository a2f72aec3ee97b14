// The device protocol's schemas live in packages/protocol (the phone app imports them too).
export { ContextEventKind, TimingSource, Turn, EndReason, Trace } from "@harness-lab/protocol";
