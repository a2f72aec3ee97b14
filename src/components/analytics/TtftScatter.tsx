"use client";
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
import { ChartFrame } from "@/components/charts/ChartFrame";
import { TICK_FONT } from "@/components/charts/axisProps";
import type { BuildShape, ScatterSeries } from "@/domain/analytics/ttftChart";
import { axisWidth, niceTicks } from "@/domain/analytics/axis";
import { duration, integer } from "@/domain/stats/format";
import { colorOf, type ConfigColors } from "./configColors";

export interface StartupRef {
  configId: string;
  tokens: number;
}

/** A marker shape as a small SVG path for the build legend (recharts' own symbols at size 64). */
const SHAPE_PATH: Record<BuildShape, string> = {
  circle: "M0,-4.5A4.5,4.5 0 1,1 0,4.5A4.5,4.5 0 1,1 0,-4.5Z",
  triangle: "M0,-5L5,4L-5,4Z",
  square: "M-4,-4H4V4H-4Z",
  diamond: "M0,-5.5L4,0L0,5.5L-4,0Z",
  cross: "M-4.5,-1.5H-1.5V-4.5H1.5V-1.5H4.5V1.5H1.5V4.5H-1.5V1.5H-4.5Z",
  star: "M0,-5L1.5,-1.5L5,-1.5L2.2,0.8L3.2,4.5L0,2.3L-3.2,4.5L-2.2,0.8L-5,-1.5L-1.5,-1.5Z",
  wye: "M-1,-5H1V-1L4.5,2L3.2,3.5L0,0.8L-3.2,3.5L-4.5,2L-1,-1Z",
};

/**
 * View 5: TTFT (or load time) against prompt tokens, one colour per config and one marker shape
 * per build, the least-squares line over every point across the fitted x-range, and a dotted line
 * at each config's median start-up tokens that falls inside it (Figure 2). Draws only.
 */
export function TtftScatter({
  series,
  line,
  refs,
  xDomain,
  builds,
  xLabel,
  colors,
}: {
  series: ScatterSeries[];
  line: { x: number; y: number }[] | null;
  refs: StartupRef[];
  xDomain: [number, number];
  builds: { build: string; shape: BuildShape }[];
  xLabel: string;
  colors: ConfigColors;
}) {
  const xTicks = niceTicks(xDomain[1], 5, xDomain[0]);
  const yMax = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.y)));
  const yTicks = niceTicks(yMax);
  const yLabels = yTicks.map((v) => duration(v));
  return (
    <ChartFrame
      testId="ttft-scatter"
      name="ttft-against-prompt-tokens"
      title="Time to first token against prompt tokens"
      legend={builds.length ? builds.map((b) => ({ label: `build ${b.build}`, color: "#1c1d1f" })) : undefined}
    >
      {builds.length > 0 && (
        <div className="legend" data-testid="ttft-build-legend">
          {builds.map((b) => (
            <span key={b.build} data-testid={`ttft-build-${b.build}`}>
              <svg width="12" height="12" viewBox="-6 -6 12 12" aria-hidden>
                <path d={SHAPE_PATH[b.shape]} fill="#1c1d1f" />
              </svg>{" "}
              build <span className="mono">{b.build}</span>
            </span>
          ))}
        </div>
      )}
      <ResponsiveContainer width="100%" height={340}>
        <ScatterChart margin={{ top: 18, right: 20, bottom: 18, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="x"
            name={xLabel}
            domain={xDomain}
            ticks={xTicks}
            allowDataOverflow
            tick={{ fontSize: TICK_FONT }}
            tickFormatter={(v: number) => integer(v)}
            label={{ value: xLabel, position: "insideBottom", offset: -8, fontSize: 12 }}
          />
          <YAxis
            type="number"
            dataKey="y"
            name="ms"
            domain={[0, yTicks[yTicks.length - 1]]}
            ticks={yTicks}
            tickFormatter={(v: number) => duration(v)}
            tick={{ fontSize: TICK_FONT }}
            width={axisWidth(yLabels)}
            label={{
              value: "time to first token (s)",
              angle: -90,
              position: "insideLeft",
              offset: 10,
              fontSize: 12,
              style: { textAnchor: "middle" },
            }}
          />
          <Tooltip
            formatter={(v, name) => [
              name === "ms" ? duration(Number(v)) : integer(Number(v)),
              name === "ms" ? "time" : "tokens",
            ]}
          />
          <Legend verticalAlign="top" height={28} />
          {refs.map((r) => (
            <ReferenceLine
              key={r.configId}
              x={r.tokens}
              stroke={colorOf(colors, r.configId)}
              strokeDasharray="2 4"
              className="startup-ref"
              ifOverflow="hidden"
            />
          ))}
          {series.map((s) => (
            <Scatter
              key={s.name}
              name={s.name}
              data={s.points}
              fill={colorOf(colors, s.configId)}
              shape={s.shape}
              fillOpacity={0.7}
              isAnimationActive={false}
              data-build={s.build ?? undefined}
            />
          ))}
          {line && (
            <ReferenceLine
              segment={[line[0], line[1]]}
              stroke="#1c1d1f"
              strokeWidth={1.5}
              className="fit-line"
              ifOverflow="hidden"
            />
          )}
        </ScatterChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
