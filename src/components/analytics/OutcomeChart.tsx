"use client";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/ChartFrame";
import { categoryTick } from "@/components/charts/CategoryTick";
import { yAxisProps } from "@/components/charts/axisProps";
import type { OutcomeRow, OutcomeScope } from "@/domain/analytics/outcomes";
import { outcomeShares, outcomeWords, shareText } from "@/domain/analytics/outcomeShares";
import { valueAxis } from "@/domain/analytics/axis";
import { percent } from "@/domain/stats/format";
import { OUTCOMES } from "@/domain/scoring/types";

// Every bar stacks to 100%: the axis is fixed, its width fitted to "100%".
const SHARE_AXIS = valueAxis(1, (v) => percent(v), { count: 4 });

export const OUTCOME_COLORS: Record<string, string> = {
  finished: "#1d7a46",
  wrong_result: "#b3261e",
  asked_instead: "#6a3fb5",
  gave_up: "#d08a1f",
  tool_limit: "#24628a",
  context_full: "#a3245e",
  crashed: "#555",
};
const SCOPES: { id: OutcomeScope; label: string }[] = [
  { id: "all", label: "All tasks" },
  { id: "files", label: "Tasks that need files" },
  { id: "multi_step", label: "Multi-step tasks" },
];

/** View 4: how runs ended, stacked per config as shares of its runs, counts on hover (Figure 5). Draws only. */
export function OutcomeChart({ data }: { data: Record<OutcomeScope, OutcomeRow[]> }) {
  const [scope, setScope] = useState<OutcomeScope>("all");
  const rows = outcomeShares(data[scope]);
  return (
    <ChartFrame testId="outcome-chart" name={`outcomes-${scope}`}>
      <div className="tabs">
        {SCOPES.map((s) => (
          <button
            key={s.id}
            data-report-variant={s.label}
            aria-pressed={scope === s.id}
            onClick={() => setScope(s.id)}
            data-testid={`outcome-scope-${s.id}`}
          >
            {s.label}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="muted">No runs of this kind of task in the selection.</p>
      ) : (
        <ResponsiveContainer width="100%" height={300}>
          <BarChart data={rows} margin={{ top: 10, right: 16, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="configId" interval={0} tick={categoryTick({ fontSize: 12 })} />
            <YAxis {...yAxisProps(SHARE_AXIS, "share of runs (%)")} />
            <Tooltip
              formatter={(value, name, item) => {
                const row = item.payload as Record<string, number>;
                return [
                  shareText(Number(value), row[`n_${String(name)}`] ?? 0, row.total ?? 0),
                  outcomeWords(String(name)),
                ];
              }}
            />
            <Legend formatter={(v: string) => outcomeWords(v)} />
            {OUTCOMES.map((o) => (
              <Bar key={o} dataKey={o} stackId="o" fill={OUTCOME_COLORS[o]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFrame>
  );
}
