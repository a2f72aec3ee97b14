// The device protocol's schemas live in packages/protocol (the phone app imports them too).
export { count, isoTime, Thermal, THERMAL_ORDER, WorkspacePath, WorkspaceFile, Workspace, Device, Build, DeviceState } from "@harness-lab/protocol";
