"use client";
import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/ChartFrame";
import type { PassBar } from "@/domain/sessions";

const pct = (v: unknown) => (typeof v === "number" ? `${Math.round(v * 100)}%` : "–");

/**
 * The live page's pass rate by config with Wilson 95% error bars, one bar per config of the
 * session, filling in as runs arrive (issue 16.3). Horizontal, so long config ids are never cut.
 * Draws only: bars, labels and colours come shaped from passBars (src/domain/sessions).
 */
export function PassRateBars({ bars }: { bars: PassBar[] }) {
  const longest = bars.reduce((m, b) => Math.max(m, b.configId.length), 0);
  return (
    <ChartFrame testId="live-pass-chart" name="session-pass-rate">
      <ResponsiveContainer width="100%" height={40 + 30 * bars.length}>
        <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 24, bottom: 18, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={[0, 1]}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            tickFormatter={pct}
            label={{ value: "pass rate (Wilson 95%)", position: "insideBottom", offset: -12, fontSize: 12 }}
          />
          <YAxis
            type="category"
            dataKey="configId"
            width={Math.min(260, 16 + longest * 7.4)}
            tick={{ fontSize: 12, fontFamily: "ui-monospace, Menlo, Consolas, monospace" }}
            interval={0}
          />
          <Tooltip formatter={(_v, _n, item) => [(item.payload as PassBar).label, "passed"]} />
          <Bar dataKey="rate" isAnimationActive={false} barSize={16}>
            {bars.map((b) => (
              <Cell key={b.configId} fill={b.color} />
            ))}
            <ErrorBar dataKey="err" direction="x" width={6} stroke="#333" isAnimationActive={false} />
          </Bar>
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
