"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/ChartFrame";
import { categoryTick } from "@/components/charts/CategoryTick";
import { yAxisProps } from "@/components/charts/axisProps";
import type { ToolCallRow } from "@/domain/analytics/toolCalls";
import { secondsAxis, valueAxis } from "@/domain/analytics/axis";
import { duration, integer } from "@/domain/stats/format";

const X_HEIGHT = 48;
const xAxis = (
  <XAxis
    dataKey="configId"
    interval={0}
    height={X_HEIGHT}
    tick={categoryTick({ fontSize: 11, angle: -20, axisHeight: X_HEIGHT })}
  />
);

/** View 7: total and failed tool calls per config, and median turn time beside them (Figure 8b–d). Draws only. */
export function ToolCallsChart({ rows }: { rows: ToolCallRow[] }) {
  // Ticks and axis widths are fixed from the data first, so "1.35 s" is never cut to ".35 s".
  const calls = valueAxis(Math.max(0, ...rows.map((r) => r.toolCalls)), (v) => integer(v));
  const turn = secondsAxis(Math.max(0, ...rows.map((r) => r.medianTurnS ?? 0)));
  return (
    <div className="grid2 latency-calls">
      <ChartFrame testId="tool-calls-chart" name="tool-calls">
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={rows} margin={{ top: 10, right: 12, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            {xAxis}
            <YAxis {...yAxisProps(calls, "tool calls (count)")} />
            <Tooltip formatter={(v) => integer(Number(v))} />
            <Legend verticalAlign="top" height={28} itemSorter={null} />
            <Bar dataKey="toolCalls" name="Tool calls" fill="#0072B2" isAnimationActive={false} />
            <Bar dataKey="failedToolCalls" name="Failed calls" fill="#D55E00" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame testId="turn-time-chart" name="median-turn-time">
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={rows} margin={{ top: 10, right: 12, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            {xAxis}
            <YAxis {...yAxisProps(turn, "median turn (s)")} />
            <Tooltip formatter={(v) => duration(Number(v) * 1000)} />
            <Legend verticalAlign="top" height={28} />
            <Bar dataKey="medianTurnS" name="Median turn time" fill="#1c1d1f" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
}
