"use client";
import { useRouter } from "next/navigation";
import { fieldOf, type AnalyticsFilter, type FilterKey } from "@/domain/analytics/filterFields";
import { filterToParams } from "@/domain/analytics/filterParams";
import type { OfferedValues } from "@/domain/analytics/filterWords";
import { FieldSelect, FlagBox } from "@/components/analytics/FilterControls";

type Options = { sessions: { id: string; name: string; trial: boolean }[] } & OfferedValues;

/** The explorer's selects after the session's, in the order it shows them. */
const SELECTS: FilterKey[] = [
  "task",
  "group",
  "config",
  "outcome",
  "passed",
  "looping",
  "toolsDropped",
  "device",
  "build",
  "thermal",
  "charging",
];
const SESSION = fieldOf("sessions");
const [TRIAL, SUPERSEDED] = (["includeTrial", "includeSuperseded"] as const).map(fieldOf);

/** The runs explorer's filters; every change rewrites the URL (and goes back to page 1), keeping the search `q`. */
export function RunsFilterForm({ filter, q, options }: { filter: AnalyticsFilter; q: string; options: Options }) {
  const router = useRouter();
  const go = (f: AnalyticsFilter) => {
    const p = filterToParams(f);
    if (q) p.set("q", q);
    const qs = p.toString();
    router.push(qs ? `/runs?${qs}` : "/runs");
  };
  return (
    <div className="panel filters row" style={{ gap: 14, alignItems: "flex-end" }} data-testid="runs-filters">
      <div>
        <label htmlFor="rf-session">{SESSION.label}</label>
        <select
          id="rf-session"
          value={filter.sessions[0] ?? ""}
          onChange={(e) => go({ ...filter, sessions: e.target.value ? [e.target.value] : [] })}
          data-testid="rf-session"
        >
          <option value="">any</option>
          {options.sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      {SELECTS.map(fieldOf).map((field) => (
        <FieldSelect
          key={field.key}
          field={field}
          filter={filter}
          offered={options}
          prefix="rf-"
          label={field.short ?? field.label}
          testId
          onChange={go}
        />
      ))}
      <FlagBox
        label={TRIAL.short ?? TRIAL.label}
        checked={filter.includeTrial}
        onChange={(on) => go({ ...filter, includeTrial: on })}
      />
      <FlagBox
        label={SUPERSEDED.short ?? SUPERSEDED.label}
        checked={filter.includeSuperseded}
        onChange={(on) => go({ ...filter, includeSuperseded: on })}
      />
    </div>
  );
}
