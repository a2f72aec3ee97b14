"use client";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/client/api";
import { dashboard } from "@/contracts";

/**
 * The New session form's device pin (issue 20.4): tick phones so only they lease the session's
 * jobs, e.g. to keep a comparison within one phone. Nothing ticked: any device may lease them.
 */
export function PinDevices({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const q = useQuery({ queryKey: ["devices"], queryFn: () => call(dashboard.listDevices) });
  const live = (q.data?.devices ?? []).filter((d) => !d.revoked);
  return (
    <div className="panel" data-testid="pin-options">
      <label>
        Devices{" "}
        <span className="hint">only the ticked phones lease this session&apos;s jobs; none ticked: any phone</span>
      </label>
      {live.length === 0 && <div className="muted">No paired device yet.</div>}
      <div className="checks">
        {live.map((d) => (
          <label className="inline" key={d.id}>
            <input
              type="checkbox"
              checked={value.includes(d.id)}
              onChange={() => onChange(value.includes(d.id) ? value.filter((x) => x !== d.id) : [...value, d.id])}
              data-testid={`pin-${d.id}`}
            />{" "}
            {d.name} {d.online ? <span className="pill pass">online</span> : <span className="pill">offline</span>}
          </label>
        ))}
      </div>
    </div>
  );
}
