"use client";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { filterToParams, type AnalyticsFilter } from "@/domain/analytics/filter";

interface Options {
  sessions: { id: string; name: string; trial: boolean }[];
  builds: string[];
  devices: string[];
}

/** The filters every analytics view shares; they live in the URL so a view can be linked. */
export function FilterBar({ filter, options }: { filter: AnalyticsFilter; options: Options }) {
  const router = useRouter();
  const pathname = usePathname();
  const [f, setF] = useState<AnalyticsFilter>(filter);
  const apply = (next: AnalyticsFilter) => {
    setF(next);
    const qs = filterToParams(next).toString();
    router.push(qs ? `${pathname}?${qs}` : pathname);
  };
  const toggleSession = (id: string) =>
    apply({ ...f, sessions: f.sessions.includes(id) ? f.sessions.filter((s) => s !== id) : [...f.sessions, id] });

  return (
    <div className="panel filters" data-testid="filter-bar">
      <div>
        <label>
          Sessions <span className="hint">{f.sessions.length ? `${f.sessions.length} selected` : "all"}</span>
        </label>
        <div className="session-picks">
          {options.sessions.map((s) => (
            <label key={s.id} className="inline">
              <input
                type="checkbox"
                checked={f.sessions.includes(s.id)}
                onChange={() => toggleSession(s.id)}
                data-testid={`filter-session-${s.id}`}
              />
              {s.name} {s.trial && <span className="pill warn">trial</span>}
            </label>
          ))}
        </div>
      </div>
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
