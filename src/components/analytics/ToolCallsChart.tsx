"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/ChartFrame";
import type { ToolCallRow } from "@/domain/analytics/toolCalls";
import { duration, integer } from "@/domain/stats/format";

/** View 7: total and failed tool calls per config, and median turn time beside them (Figure 8b–d). Draws only. */
export function ToolCallsChart({ rows }: { rows: ToolCallRow[] }) {
  return (
    <div className="grid2 latency-calls">
      <ChartFrame testId="tool-calls-chart" name="tool-calls">
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={rows} margin={{ top: 10, right: 12, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="configId" tick={{ fontSize: 11 }} interval={0} angle={-20} textAnchor="end" height={48} />
            <YAxis
              allowDecimals={false}
              width={56}
              tickFormatter={(v: number) => integer(v)}
              label={{
                value: "calls over the runs",
                angle: -90,
                position: "insideLeft",
                offset: 10,
                fontSize: 12,
                style: { textAnchor: "middle" },
              }}
            />
            <Tooltip formatter={(v) => integer(Number(v))} />
            <Legend verticalAlign="top" height={28} itemSorter={null} />
            <Bar dataKey="toolCalls" name="Tool calls" fill="#2f5bd3" isAnimationActive={false} />
            <Bar dataKey="failedToolCalls" name="Failed calls" fill="#b3261e" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame testId="turn-time-chart" name="median-turn-time">
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={rows} margin={{ top: 10, right: 12, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="configId" tick={{ fontSize: 11 }} interval={0} angle={-20} textAnchor="end" height={48} />
            <YAxis
              width={56}
              tickFormatter={(v: number) => `${v} s`}
              label={{
                value: "median turn",
                angle: -90,
                position: "insideLeft",
                offset: 10,
                fontSize: 12,
                style: { textAnchor: "middle" },
              }}
            />
            <Tooltip formatter={(v) => duration(Number(v) * 1000)} />
            <Legend verticalAlign="top" height={28} />
            <Bar dataKey="medianTurnS" name="Median turn time" fill="#1c1d1f" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
}
