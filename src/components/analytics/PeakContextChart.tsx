"use client";
import { ChartFrame } from "@/components/charts/ChartFrame";
import {
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { PeakContextView, PeakPoint } from "@/domain/analytics/peakContext";
import { integer } from "@/domain/stats/format";
import { valueAxis } from "@/domain/analytics/axis";
import { yAxisProps } from "@/components/charts/axisProps";
import { categoryTick } from "@/components/charts/CategoryTick";
import { colorOf, type ConfigColors } from "./configColors";

/** × for a run that ended with the context full, a dot otherwise (the study's Figure 6 markers). */
const markerFor = (fill: string) =>
  function Marker(props: { cx?: number; cy?: number; payload?: unknown }) {
    const { cx = 0, cy = 0 } = props;
    if ((props.payload as PeakPoint | undefined)?.contextFull) {
      return (
        <path
          className="ctx-full-marker"
          d={`M${cx - 5},${cy - 5}L${cx + 5},${cy + 5}M${cx - 5},${cy + 5}L${cx + 5},${cy - 5}`}
          stroke={fill}
          strokeWidth={2.2}
        />
      );
    }
    return <circle cx={cx} cy={cy} r={4} fill={fill} fillOpacity={0.75} />;
  };

/** View 6: peak context per multi-step run against the window, configs side by side per task. Draws only. */
export function PeakContextChart({ view, colors }: { view: PeakContextView; colors: ConfigColors }) {
  const yMax = Math.max(...view.windows, ...view.summary.map((s) => s.maxPeak));
  // Headroom above the window line for its label; ticks and width fixed so "2,304" is never cut.
  const yAxis = valueAxis(yMax * 1.08, (v) => integer(v));
  return (
    <ChartFrame testId="peak-context-chart" name="peak-context">
      <ResponsiveContainer width="100%" height={340}>
        <ScatterChart margin={{ top: 18, right: 20, bottom: 8, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            type="number"
            dataKey="x"
            domain={[-0.5, view.tasks.length - 0.5]}
            ticks={view.tasks.map((_, i) => i)}
            interval={0}
            tick={categoryTick({ fontSize: 11, labelOf: (i) => view.tasks[Number(i)] ?? "" })}
          />
          <YAxis dataKey="y" {...yAxisProps(yAxis, "peak context (tokens)")} />
          <Tooltip
            cursor={false}
            content={({ payload }) => {
              const p = payload?.[0]?.payload as PeakPoint | undefined;
              return p ? (
                <div className="panel" style={{ padding: 8, margin: 0 }}>
                  <span className="mono">{p.taskId}</span>
                  <br />
                  peak {integer(p.y)} tokens{p.contextFull ? " · context full" : ""}
                </div>
              ) : null;
            }}
          />
          <Legend verticalAlign="top" height={28} />
          {view.windows.map((w) => (
            <ReferenceLine
              key={w}
              y={w}
              stroke="#b3261e"
              strokeDasharray="6 3"
              className="window-line"
              label={{ value: `window ${integer(w)}`, position: "insideTopRight", fontSize: 11, fill: "#b3261e" }}
            />
          ))}
          {view.series.map((s) => (
            <Scatter
              key={s.configId}
              name={s.configId}
              data={s.points}
              fill={colorOf(colors, s.configId)}
              shape={markerFor(colorOf(colors, s.configId))}
              isAnimationActive={false}
            />
          ))}
        </ScatterChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
