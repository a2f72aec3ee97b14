"use client";
import { ChartFrame } from "@/components/charts/ChartFrame";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { categoryTick } from "@/components/charts/CategoryTick";
import { yAxisProps } from "@/components/charts/axisProps";
import { secondsAxis, valueAxis } from "@/domain/analytics/axis";
import { integer } from "@/domain/stats/format";

/** View 10: start-up tokens and median load time per ablation step (Figure 11b). Draws only. */
export function StepCostChart({
  rows,
}: {
  rows: { label: string; startupTokens: number | null; loadS: number | null }[];
}) {
  // Each axis names its unit ("model load (s)") and its ticks are sized to fit (domain/analytics/axis.ts).
  const max = (key: "startupTokens" | "loadS") => Math.max(0, ...rows.map((r) => r[key] ?? 0));
  const axes = {
    startupTokens: { spec: valueAxis(max("startupTokens"), (v) => integer(v)), title: "start-up tokens (tokens)" },
    loadS: { spec: secondsAxis(max("loadS")), title: "model load (s)" },
  };
  const panel = (key: "startupTokens" | "loadS", title: string, color: string, unit: string) => (
    <ChartFrame testId={`step-cost-${key}`} name={`step-${key === "loadS" ? "load" : "startup-tokens"}`} className="">
      <h3>{title}</h3>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={rows} margin={{ top: 10, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="label"
            interval={0}
            tick={categoryTick({ fontSize: 12 })}
            label={{ value: "step", position: "insideBottomRight", offset: -2, fontSize: 11 }}
          />
          <YAxis {...yAxisProps(axes[key].spec, axes[key].title)} />
          <Tooltip formatter={(v) => [`${v} ${unit}`, title]} />
          <Bar dataKey={key} fill={color} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
  return (
    <div className="chart grid2" data-testid="step-cost-chart">
      {panel("startupTokens", "Start-up tokens (median)", "#0072B2", "tokens")}
      {panel("loadS", "Model load (median)", "#E69F00", "s")}
    </div>
  );
}
