"use client";
import { useRouter } from "next/navigation";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { filterToParams } from "@/domain/analytics/filterParams";
import { OUTCOMES } from "@/domain/scoring/types";
import { GROUP_LABELS, outcomeLabel } from "@/domain/runs/labels";

interface Options {
  sessions: { id: string; name: string; trial: boolean }[];
  builds: string[];
  devices: string[];
  tasks: string[];
  configs: string[];
}

const tri = (v: boolean | undefined) => (v === undefined ? "" : String(v));
const fromTri = (v: string) => (v === "" ? undefined : v === "true");

/** The runs explorer's filters; every change rewrites the URL (and goes back to page 1). */
export function RunsFilterForm({ filter, options }: { filter: AnalyticsFilter; options: Options }) {
  const router = useRouter();
  const go = (f: AnalyticsFilter) => {
    const qs = filterToParams(f).toString();
    router.push(qs ? `/runs?${qs}` : "/runs");
  };
  const select = (
    id: string,
    label: string,
    value: string,
    values: string[],
    on: (v: string) => void,
    labels?: Record<string, string>,
  ) => (
    <div>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => on(e.target.value)} data-testid={id}>
        <option value="">any</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labels?.[v] ?? v}
          </option>
        ))}
      </select>
    </div>
  );
  const sessionNames = Object.fromEntries(options.sessions.map((s) => [s.id, s.name]));
  return (
    <div className="panel filters row" style={{ gap: 14, alignItems: "flex-end" }} data-testid="runs-filters">
      {select(
        "rf-session",
        "Session",
        filter.sessions[0] ?? "",
        options.sessions.map((s) => s.id),
        (v) => go({ ...filter, sessions: v ? [v] : [] }),
        sessionNames,
      )}
      {select("rf-task", "Task", filter.task ?? "", options.tasks, (v) => go({ ...filter, task: v || undefined }))}
      {select(
        "rf-group",
        "Group",
        filter.group ?? "",
        Object.keys(GROUP_LABELS),
        (v) => go({ ...filter, group: (v || undefined) as AnalyticsFilter["group"] }),
        GROUP_LABELS,
      )}
      {select("rf-config", "Config", filter.config ?? "", options.configs, (v) =>
        go({ ...filter, config: v || undefined }),
      )}
      {select(
        "rf-outcome",
        "Outcome",
        filter.outcome ?? "",
        [...OUTCOMES],
        (v) => go({ ...filter, outcome: (v || undefined) as AnalyticsFilter["outcome"] }),
        Object.fromEntries(OUTCOMES.map((o) => [o, outcomeLabel(o)])),
      )}
      {select(
        "rf-passed",
        "Passed",
        tri(filter.passed),
        ["true", "false"],
        (v) => go({ ...filter, passed: fromTri(v) }),
        { true: "passed", false: "failed" },
      )}
      {select(
        "rf-looping",
        "Looping",
        tri(filter.looping),
        ["true", "false"],
        (v) => go({ ...filter, looping: fromTri(v) }),
        { true: "looping", false: "not looping" },
      )}
      {select(
        "rf-tools-dropped",
        "Tools",
        tri(filter.toolsDropped),
        ["true", "false"],
        (v) => go({ ...filter, toolsDropped: fromTri(v) }),
        { true: "dropped by the template", false: "in the prompt" },
      )}
      {select("rf-device", "Device", filter.device ?? "", options.devices, (v) =>
        go({ ...filter, device: v || undefined }),
      )}
      {select("rf-build", "Build", filter.build ?? "", options.builds, (v) => go({ ...filter, build: v || undefined }))}
      {select("rf-thermal", "Thermal", filter.thermal ?? "", ["nominal", "fair", "serious", "critical"], (v) =>
        go({ ...filter, thermal: (v || undefined) as AnalyticsFilter["thermal"] }),
      )}
      {select(
        "rf-charging",
        "Charging",
        tri(filter.charging),
        ["true", "false"],
        (v) => go({ ...filter, charging: fromTri(v) }),
        { true: "charging", false: "on battery" },
      )}
      <label className="inline">
        <input
          type="checkbox"
          checked={filter.includeTrial}
          onChange={(e) => go({ ...filter, includeTrial: e.target.checked })}
        />{" "}
        trial
      </label>
      <label className="inline">
        <input
          type="checkbox"
          checked={filter.includeSuperseded}
          onChange={(e) => go({ ...filter, includeSuperseded: e.target.checked })}
        />{" "}
        superseded
      </label>
    </div>
  );
}
