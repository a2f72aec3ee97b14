"use client";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { filterToParams } from "@/domain/analytics/filterParams";
import { SessionPicker } from "./SessionPicker";

interface Options {
  sessions: { id: string; name: string; trial: boolean }[];
  builds: string[];
  devices: string[];
}

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
        <div>
          <label htmlFor="f-build">Build</label>
          <select
            id="f-build"
            value={f.build ?? ""}
            onChange={(e) => apply({ ...f, build: e.target.value || undefined })}
          >
            <option value="">any</option>
            {options.builds.map((b) => (
              <option key={b}>{b}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-device">Device</label>
          <select
            id="f-device"
            value={f.device ?? ""}
            onChange={(e) => apply({ ...f, device: e.target.value || undefined })}
          >
            <option value="">any</option>
            {options.devices.map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-thermal">Thermal at start</label>
          <select
            id="f-thermal"
            value={f.thermal ?? ""}
            onChange={(e) => apply({ ...f, thermal: (e.target.value || undefined) as AnalyticsFilter["thermal"] })}
          >
            <option value="">any</option>
            {["nominal", "fair", "serious", "critical"].map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-charging">Charging</label>
          <select
            id="f-charging"
            value={f.charging === undefined ? "" : String(f.charging)}
            onChange={(e) => apply({ ...f, charging: e.target.value === "" ? undefined : e.target.value === "true" })}
          >
            <option value="">either</option>
            <option value="true">charging</option>
            <option value="false">on battery</option>
          </select>
        </div>
        <label className="inline" title="Without a ticked session, analytics show the newest one">
          <input
            type="checkbox"
            checked={f.allSessions}
            onChange={(e) =>
              apply({ ...f, allSessions: e.target.checked, sessions: e.target.checked ? [] : f.sessions })
            }
            data-testid="filter-all-sessions"
          />{" "}
          pool every session
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={f.includeTrial}
            onChange={(e) => apply({ ...f, includeTrial: e.target.checked })}
          />{" "}
          include trial runs
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={f.includeSuperseded}
            onChange={(e) => apply({ ...f, includeSuperseded: e.target.checked })}
          />{" "}
          include superseded
        </label>
      </div>
    </div>
  );
}
