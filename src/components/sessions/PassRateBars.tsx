"use client";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/ChartFrame";
import type { PassBar } from "@/domain/sessions";

const pct = (v: unknown) => (typeof v === "number" ? `${Math.round(v * 100)}%` : "–");

interface ShapeProps {
  x?: number;
  y?: number;
  height?: number;
  background?: { x: number; width: number };
  payload?: PassBar;
}

/**
 * A bar drawn from 0 to its pass rate in the config's colour, with its Wilson 95% interval as a
 * whisker. Drawn here rather than with recharts' ErrorBar, which draws nothing in a horizontal
 * (layout="vertical") chart for a 0% bar; the background's width is the plot's, i.e. 100%.
 */
function RateBar({ y = 0, height = 0, background, payload }: ShapeProps) {
  if (!background || !payload) return null;
  const at = (v: number) => background.x + v * background.width;
  const mid = y + height / 2;
  const lo = payload.rate !== null && payload.err ? payload.rate - payload.err[0] : null;
  const hi = payload.rate !== null && payload.err ? payload.rate + payload.err[1] : null;
  return (
    <g data-config={payload.configId}>
      {payload.rate !== null && (
        <rect x={at(0)} y={y} width={Math.max(0, at(payload.rate) - at(0))} height={height} fill={payload.color} />
      )}
      {lo !== null && hi !== null && (
        <g stroke="#333" strokeWidth={1.5}>
          <line x1={at(lo)} x2={at(hi)} y1={mid} y2={mid} />
          <line x1={at(lo)} x2={at(lo)} y1={mid - 5} y2={mid + 5} />
          <line x1={at(hi)} x2={at(hi)} y1={mid - 5} y2={mid + 5} />
        </g>
      )}
      <text x={at(1) + 8} y={mid} dominantBaseline="central" fontSize={12} fill="#333">
        {payload.runs ? `${payload.passed}/${payload.runs}` : "no runs yet"}
      </text>
    </g>
  );
}

/**
 * The live page's pass rate by config with Wilson 95% intervals, one bar per config of the
 * session, filling in as runs arrive (issue 16.3); "k/n" right of the plot, the full sentence on
 * hover. Horizontal, so long config ids are never cut. Draws only: passBars shapes the data.
 */
export function PassRateBars({ bars }: { bars: PassBar[] }) {
  const longest = bars.reduce((m, b) => Math.max(m, b.configId.length), 0);
  const data = bars.map((b) => ({ ...b, value: b.rate ?? 0 }));
  return (
    <ChartFrame testId="live-pass-chart" name="session-pass-rate">
      <ResponsiveContainer width="100%" height={56 + 30 * bars.length}>
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 76, bottom: 22, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={[0, 1]}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            tickFormatter={pct}
            label={{ value: "pass rate, Wilson 95% whiskers", position: "insideBottom", offset: -14, fontSize: 12 }}
          />
          <YAxis
            type="category"
            dataKey="configId"
            width={Math.min(260, 16 + longest * 7.4)}
            tick={{ fontSize: 12, fontFamily: "ui-monospace, Menlo, Consolas, monospace" }}
            interval={0}
          />
          <Tooltip formatter={(_v, _n, item) => [(item.payload as PassBar).label, "passed"]} />
          <Bar
            dataKey="value"
            isAnimationActive={false}
            barSize={16}
            background={{ fill: "#f1f2f4" }}
            shape={(p: unknown) => <RateBar {...(p as ShapeProps)} />}
          />
        </BarChart>
      </ResponsiveContainer>
      <ul className="visually-hidden" data-testid="live-pass-labels">
        {bars.map((b) => (
          <li key={b.configId} data-config={b.configId}>
            {b.configId}: {b.label}
          </li>
        ))}
      </ul>
    </ChartFrame>
  );
}
