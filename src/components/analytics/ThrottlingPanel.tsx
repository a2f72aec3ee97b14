import { changeText, type DeviceThrottling } from "@/domain/analytics/throttling";
import { formatP } from "@/domain/analytics/family";
import { notice } from "@/domain/analytics/notices";
import { Notices } from "@/components/Notices";
import { phoneHref } from "@/domain/fleet";

type Row = DeviceThrottling & { sessionName: string; deviceLabel: string; advice: string | null };
const rowKey = (d: Row) => `${d.sessionId}/${d.tokenDeviceId ?? ""}/${d.deviceId}`;

/**
 * Whether a phone slowed down over its session (a hot phone, not a slow harness): one sentence
 * per flagged device above the figures it qualifies, then, with `table`, every device's decode and
 * prefill change. Shapes come from src/domain/analytics/throttling.ts.
 */
export function ThrottlingPanel({ devices, table = false }: { devices: Row[]; table?: boolean }) {
  const flagged = devices.filter((d) => d.advice);
  if (!flagged.length && !table) return null;
  const links = new Map(flagged.map((d) => [`Hot phone. ${d.advice}`, d.tokenDeviceId]));
  return (
    <div data-testid="throttling">
      <Notices
        notices={flagged.map((d) => notice("hotPhone", `Hot phone. ${d.advice}`))}
        testId="throttling-notices"
        itemTestId={() => "throttling-flag"}
        actionFor={(n) => {
          // Each hot phone's notice links to that phone's row on Devices (its token).
          const id = links.get(n.text);
          return id ? (
            <a href={phoneHref(id)} data-testid="throttling-device-link">
              See this phone on Devices.
            </a>
          ) : null;
        }}
      />
      {table && devices.length > 0 && (
        <table className="compact" data-testid="throttling-table">
          <thead>
            <tr>
              <th>Session</th>
              <th>Device</th>
              <th className="num">Runs</th>
              <th className="num" title="Fitted output tokens per second of decode, last run against first">
                Decode change
              </th>
              <th className="num">p</th>
              <th
                className="num"
                title="Fitted prompt tokens per second of time to first token, last run against first"
              >
                Prefill change
              </th>
              <th className="num">p</th>
            </tr>
          </thead>
          <tbody>
            {devices.map((d) => (
              <tr key={rowKey(d)} data-testid="throttling-row" data-session={d.sessionId}>
                <td title={d.sessionId} data-testid="throttling-session">
                  {d.sessionName}
                </td>
                <td data-testid="throttling-device">
                  {d.tokenDeviceId ? <a href={phoneHref(d.tokenDeviceId)}>{d.deviceLabel}</a> : d.deviceLabel}
                </td>
                <td className="num">{d.runs}</td>
                <td className="num">
                  {d.decode?.flagged ? <span className="pill fail">{changeText(d.decode)}</span> : changeText(d.decode)}
                </td>
                <td className="num">{formatP(d.decode?.p)}</td>
                <td className="num">
                  {d.prefill?.flagged ? (
                    <span className="pill fail">{changeText(d.prefill)}</span>
                  ) : (
                    changeText(d.prefill)
                  )}
                </td>
                <td className="num">{formatP(d.prefill?.p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
