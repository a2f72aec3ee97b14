"use client";
import { ChartFrame } from "@/components/charts/ChartFrame";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** View 10: start-up tokens and median load time per ablation step (Figure 11b). Draws only. */
export function StepCostChart({
  rows,
}: {
  rows: { label: string; startupTokens: number | null; loadS: number | null }[];
}) {
  const panel = (key: "startupTokens" | "loadS", title: string, color: string, unit: string) => (
    <ChartFrame testId={`step-cost-${key}`} name={`step-${key === "loadS" ? "load" : "startup-tokens"}`} className="">
      <h3>{title}</h3>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={rows} margin={{ top: 10, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="label"
            tick={{ fontSize: 12 }}
            label={{ value: "step", position: "insideBottomRight", offset: -2, fontSize: 11 }}
          />
          <YAxis
            width={64}
            label={{
              value: unit,
              angle: -90,
              position: "insideLeft",
              offset: 10,
              fontSize: 12,
              style: { textAnchor: "middle" },
            }}
          />
          <Tooltip formatter={(v) => [`${v} ${unit}`, title]} />
          <Bar dataKey={key} fill={color} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
  return (
    <div className="chart grid2" data-testid="step-cost-chart">
      {panel("startupTokens", "Start-up tokens (median)", "#2f5bd3", "tokens")}
      {panel("loadS", "Model load (median)", "#a15c00", "s")}
    </div>
  );
}
