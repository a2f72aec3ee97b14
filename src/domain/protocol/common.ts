// The device protocol's schemas live in packages/protocol (the phone app imports them too).
import { z } from "zod";
export {
  count,
  isoTime,
  Thermal,
  THERMAL_ORDER,
  WorkspacePath,
  WorkspaceFile,
  Workspace,
  Device,
  Build,
  DeviceState,
} from "@harness-lab/protocol";

/**
 * An id this dashboard stores as a key and puts in its own URLs (`/runs/{id}`, `/sessions/{id}`)
 * when it comes from outside, i.e. an imported run's or session's id: letters, digits and
 * `. _ : -`, 1–128 characters, not `.` or `..`. `../../api/devices` would otherwise make a link to
 * another page. Real ids fit easily: `run_01J…`, `ses_…`. A phone's `device.id` is not restricted
 * beyond protocol.md (1–200 characters): it is data, shown as text and bound as a parameter.
 */
export const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const isSafeId = (s: string): boolean => SAFE_ID.test(s) && s !== "." && s !== "..";
export const SafeId = () =>
  z.string().refine(isSafeId, "use 1–128 letters, digits or `. _ : -` (not `.` or `..`), e.g. `run_01J…`");
