"use client";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { FILTER_FIELDS, fieldOf, type AnalyticsFilter } from "@/domain/analytics/filterFields";
import { filterToParams } from "@/domain/analytics/filterParams";
import type { OfferedValues } from "@/domain/analytics/filterWords";
import { SessionPicker } from "./SessionPicker";
import { FieldSelect, FlagBox } from "./FilterControls";

type Options = { sessions: { id: string; name: string; trial: boolean }[] } & OfferedValues;

const BAR = FILTER_FIELDS.filter((f) => "bar" in f);
const [ALL, TRIAL, SUPERSEDED] = (["allSessions", "includeTrial", "includeSuperseded"] as const).map(fieldOf);

/** The filters every analytics view shares; they live in the URL so a view can be linked. */
export function FilterBar({
  filter,
  options,
  shownByDefault = null,
  unknown = [],
}: {
  /** The filter as the address gives it (no session named: the page shows `shownByDefault`). */
  filter: AnalyticsFilter;
  options: Options;
  shownByDefault?: string | null;
  unknown?: string[];
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [f, setF] = useState<AnalyticsFilter>(filter);
  const apply = (next: AnalyticsFilter) => {
    setF(next);
    const qs = filterToParams(next).toString();
    router.push(qs ? `${pathname}?${qs}` : pathname);
  };

  return (
    <div className="panel filters" data-testid="filter-bar">
      <SessionPicker
        options={options.sessions}
        selected={f.sessions}
        shownByDefault={shownByDefault}
        unknown={unknown}
        pooled={f.allSessions && !f.sessions.length}
        onChange={(sessions) => apply({ ...f, sessions })}
      />
      <div className="row" style={{ gap: 16, alignItems: "flex-end" }}>
        {BAR.map((field) => (
          <FieldSelect
            key={field.key}
            field={field}
            filter={f}
            offered={options}
            prefix="f-"
            any={field.kind === "boolean" ? "either" : "any"}
            onChange={apply}
          />
        ))}
        <FlagBox
          label={ALL.label}
          title="Without a ticked session, analytics show the newest one"
          checked={f.allSessions}
          onChange={(on) => apply({ ...f, allSessions: on, sessions: on ? [] : f.sessions })}
          testId="filter-all-sessions"
        />
        <FlagBox label={TRIAL.label} checked={f.includeTrial} onChange={(on) => apply({ ...f, includeTrial: on })} />
        <FlagBox
          label={SUPERSEDED.label}
          checked={f.includeSuperseded}
          onChange={(on) => apply({ ...f, includeSuperseded: on })}
        />
      </div>
    </div>
  );
}
