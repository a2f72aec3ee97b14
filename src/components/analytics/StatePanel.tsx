import type { StateGroup, StateSplits } from "@/domain/analytics/stateSplits";
import type { ConfigCost } from "@/domain/fleet";

const ms = (v: number | null) => (v === null ? "–" : `${Math.round(v)} ms`);
const num = (v: number | null, d = 1) => (v === null ? "–" : v.toFixed(d));

function Rows({ title, groups }: { title: string; groups: StateGroup[] }) {
  return (
    <>
      {groups.map((g, i) => (
        <tr key={title + g.state}>
          <td>{i === 0 ? title : ""}</td>
          <td>{g.state}</td>
          <td>{g.runs}</td>
          <td>{g.turns}</td>
          <td>{ms(g.medianLoadMs)}</td>
          <td>{ms(g.medianTurnMs)}</td>
          <td>
            {g.ttft
              ? `${g.ttft.slopeMsPerToken.toFixed(2)} (${g.ttft.slopeCi[0].toFixed(2)}–${g.ttft.slopeCi[1].toFixed(2)})`
              : "–"}
          </td>
        </tr>
      ))}
    </>
  );
}

/** Latency split by the phone's state at the start of each run (GET /api/analytics/states), (the page shows its mixed-state warning above the TTFT figure). */
export function StateSplitPanel({ splits }: { splits: StateSplits }) {
  return (
    <>
      <table data-testid="state-splits">
        <thead>
          <tr>
            <th>Split</th>
            <th>State</th>
            <th>Runs</th>
            <th>Turns</th>
            <th>Median load</th>
            <th>Median turn</th>
            <th>TTFT ms/token (95% CI)</th>
          </tr>
        </thead>
        <tbody>
          <Rows title="Thermal at start" groups={splits.thermal} />
          <Rows title="Charging" groups={splits.charging} />
        </tbody>
      </table>
    </>
  );
}

/** Cost per success per config (GET /api/analytics/cost); battery figures labelled approximate. */
export function CostTable({ configs, note }: { configs: ConfigCost[]; note: string }) {
  return (
    <>
      <table data-testid="cost-per-success">
        <thead>
          <tr>
            <th>Config</th>
            <th>Runs</th>
            <th>Passed</th>
            <th>Phone s / success</th>
            <th>Output tokens / success</th>
            <th>Battery pts / run ≈</th>
            <th>Battery pts / success ≈</th>
          </tr>
        </thead>
        <tbody>
          {configs.map((c) => (
            <tr key={c.configId}>
              <td className="mono">{c.configId}</td>
              <td>{c.runs}</td>
              <td>{c.passed}</td>
              <td>{num(c.phoneSecondsPerSuccess)}</td>
              <td>{num(c.outputTokensPerSuccess, 0)}</td>
              <td>{c.battery ? `${num(c.battery.pointsPerRun, 2)} (${c.battery.runs} runs)` : "–"}</td>
              <td>{c.battery ? num(c.battery.pointsPerSuccess, 2) : "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">{note}</p>
    </>
  );
}
