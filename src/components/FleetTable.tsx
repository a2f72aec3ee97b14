"use client";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { phoneAnchor } from "@/domain/fleet/phoneName";
import { dashboard, type ResponseBody } from "@/contracts";

/** One row of GET /api/devices, typed from the contract (src/contracts/schemas/dashboard.ts). */
export type FleetDevice = ResponseBody<typeof dashboard.listDevices, 200>["devices"][number];

const when = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 19) + " UTC" : "never");
const pct = (p: number | null) => (p === null ? "–" : `${Math.round(p * 100)}%`);

function Status({ d }: { d: FleetDevice }) {
  if (d.revoked) return <span className="pill fail">revoked</span>;
  return (
    <>
      <span className={`pill ${d.online ? "pass" : ""}`} data-testid="device-online">
        {d.online ? "online" : "offline"}
      </span>{" "}
      {d.paused && (
        <span className="pill warn" data-testid="device-paused">
          paused
        </span>
      )}
    </>
  );
}

function Doing({ d }: { d: FleetDevice }) {
  if (!d.current) return <span className="muted">idle</span>;
  const c = d.current;
  return (
    <span data-testid="device-current">
      <Link prefetch={false} href={`/sessions/${c.session.id}`}>
        {c.session.name}
      </Link>
      : <span className="mono">{c.task}</span> × <span className="mono">{c.config}</span>
      {c.turn !== null && <> · turn {c.turn}</>}
    </span>
  );
}

function State({ d }: { d: FleetDevice }) {
  if (!d.state) return <span className="muted">not reported</span>;
  const s = d.state;
  return (
    <span data-testid="device-state" title={`reported ${when(s.at)}`}>
      <span className={`pill ${s.thermal === "nominal" ? "" : "warn"}`}>{s.thermal}</span>
      {s.battery !== null && <> {Math.round(s.battery * 100)}%</>}
      {s.charging === true && <> · charging</>}
      {s.charging === false && <> · on battery</>}
    </span>
  );
}

/** Median TTFT and decode speed over the last 24 hours, each labelled under its value; a dash when neither is known. */
function Speed({ d }: { d: FleetDevice }) {
  const { medianTtftMs: ttft, tokensPerSecond: tps } = d.last24h;
  if (ttft === null && tps === null) return <span className="muted">–</span>;
  return (
    <>
      {ttft === null ? "–" : `${Math.round(ttft)} ms`}
      <span className="sub2">TTFT</span>
      {tps === null ? "–" : `${tps.toFixed(1)} tok/s`}
      <span className="sub2">decode</span>
    </>
  );
}

/** The fleet table: every device, what it does now, its state and its last 24 hours. */
export function FleetTable({
  devices,
  onPause,
  onRevoke,
}: {
  devices: FleetDevice[];
  onPause: (d: FleetDevice, pause: boolean) => void;
  onRevoke: (d: FleetDevice) => void;
}) {
  const target = useHashTarget(devices.length > 0);
  return (
    <table className="fleet-table" data-testid="devices-table">
      <thead>
        <tr>
          <th>Name</th>
          <th>Status</th>
          <th>Now</th>
          <th>State</th>
          <th>App · model</th>
          <th title="runs and pass rate in the last 24 hours">24 h</th>
          <th title="median time to first token and decode speed, last 24 hours">Speed</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {devices.map((d) => (
          <tr
            key={d.id}
            id={phoneAnchor(d.id)}
            data-testid={`device-${d.id}`}
            className={target === phoneAnchor(d.id) ? "targeted" : undefined}
          >
            <td>
              {d.name}
              <div className="mono muted">{d.id}</div>
              <div className="muted">last seen {when(d.lastSeenAt)}</div>
              {d.outliers.map((o) => (
                <div className="pill warn outlier" key={o.build + o.config} data-testid="device-outlier">
                  Outlier: {o.reason}
                </div>
              ))}
            </td>
            <td>
              <Status d={d} />
            </td>
            <td>
              <Doing d={d} />
            </td>
            <td>
              <State d={d} />
            </td>
            <td>
              {d.phone ? (
                <>
                  {d.phone.model}
                  <div className="muted">
                    app {d.phone.app} · {d.phone.llm} · <span className="mono">{d.phone.commit}</span>
                  </div>
                </>
              ) : (
                <span className="muted">–</span>
              )}
            </td>
            <td data-testid="device-24h">
              {d.last24h.runs} runs · {pct(d.last24h.passRate)}
            </td>
            <td className="nowrap">
              <Speed d={d} />
            </td>
            <td>
              {!d.revoked && (
                <span className="row">
                  {d.paused ? (
                    <button className="btn" onClick={() => onPause(d, false)} data-testid="resume-device">
                      Resume
                    </button>
                  ) : (
                    <button className="btn" onClick={() => onPause(d, true)} data-testid="pause-device">
                      Pause
                    </button>
                  )}
                  <button className="btn danger" onClick={() => onRevoke(d)}>
                    Revoke
                  </button>
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The row a link such as a hot-phone notice points at (`/devices#device-<id>`, issue 34.2). The
 * rows arrive after the page loads, too late for the browser to scroll to them or match
 * `:target`, so the fragment is read here, its row marked and scrolled to once it is drawn.
 */
function useHashTarget(drawn: boolean): string | null {
  const [target, setTarget] = useState<string | null>(null);
  const scrolled = useRef<string | null>(null);
  useEffect(() => {
    const read = () => setTarget(decodeURIComponent(window.location.hash.slice(1)) || null);
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  useEffect(() => {
    if (!drawn || !target || scrolled.current === target) return;
    const row = document.getElementById(target);
    if (!row) return;
    scrolled.current = target;
    row.scrollIntoView({ block: "center" });
  }, [drawn, target]);
  return target;
}
