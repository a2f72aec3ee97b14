"use client";
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/ChartFrame";
import type { GroupBarRow } from "@/domain/analytics/bars";

export const PASS_SERIES = [
  { key: "needsFiles", label: "Tasks that need files", color: "#2f5bd3" },
  { key: "noFiles", label: "Tasks that need no files", color: "#1c1d1f" },
  { key: "heldOut", label: "Held-out tasks", color: "#a15c00" },
] as const;

const pct = (v: unknown) => (typeof v === "number" ? `${Math.round(v * 100)}%` : "–");

/** View 2: pass rate per config and task group with Wilson 95% error bars (Figures 3a, 11a). Draws only. */
export function PassByGroupChart({ rows }: { rows: GroupBarRow[] }) {
  return (
    <ChartFrame testId="pass-by-group-chart" name="pass-rate-by-group">
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={rows} margin={{ top: 10, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="configId" tick={{ fontSize: 12 }} />
          <YAxis
            domain={[0, 1]}
            tickFormatter={pct}
            width={62}
            label={{
              value: "pass rate",
              angle: -90,
              position: "insideLeft",
              offset: 10,
              fontSize: 12,
              style: { textAnchor: "middle" },
            }}
          />
          <Tooltip
            formatter={(value, name, item) => {
              const s = PASS_SERIES.find((x) => x.label === name);
              const label = s ? (item.payload as Record<string, string>)[`${s.key}Label`] : "";
              return [`${pct(value)} (${label})`, name];
            }}
          />
          <Legend />
          {PASS_SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false}>
              <ErrorBar dataKey={`${s.key}Err`} width={5} stroke="#555" isAnimationActive={false} />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
