"use client";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** View 10: start-up tokens and median load time per ablation step (Figure 11b). Draws only. */
export function StepCostChart({ rows }: { rows: { label: string; startupTokens: number | null; loadS: number | null }[] }) {
  const panel = (key: "startupTokens" | "loadS", title: string, color: string, unit: string) => (
    <div>
      <h3>{title}</h3>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={rows} margin={{ top: 10, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis width={52} />
          <Tooltip formatter={(v) => [`${v} ${unit}`, title]} />
          <Bar dataKey={key} fill={color} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
  return (
    <div className="chart grid2" data-testid="step-cost-chart">
      {panel("startupTokens", "Start-up tokens (median)", "#2f5bd3", "tokens")}
      {panel("loadS", "Model load (median)", "#a15c00", "s")}
    </div>
  );
}
