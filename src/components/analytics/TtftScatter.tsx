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
import type { ScatterSeries } from "@/domain/analytics/ttftChart";
import { duration, integer } from "@/domain/stats/format";
import { colorOf, type ConfigColors } from "./configColors";

export interface StartupRef {
  configId: string;
  tokens: number;
}

/**
 * View 5: TTFT (or load time) against prompt tokens, one colour per config, the least-squares
 * line over every point and a dotted line at each config's median start-up tokens (Figure 2).
 * Draws only.
 */
export function TtftScatter({
  series,
  line,
  refs,
  xLabel,
  colors,
}: {
  series: ScatterSeries[];
  line: { x: number; y: number }[] | null;
  refs: StartupRef[];
  xLabel: string;
  colors: ConfigColors;
}) {
  const xMax = Math.max(
    line?.[1]?.x ?? 0,
    ...refs.map((r) => r.tokens),
    ...series.flatMap((s) => s.points.map((p) => p.x)),
  );
  return (
    <ChartFrame testId="ttft-scatter" name="ttft-against-prompt-tokens">
      <ResponsiveContainer width="100%" height={340}>
        <ScatterChart margin={{ top: 18, right: 20, bottom: 18, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="x"
            name={xLabel}
            domain={[0, Math.ceil(xMax / 100) * 100 || 100]}
            tickFormatter={(v: number) => integer(v)}
            label={{ value: xLabel, position: "insideBottom", offset: -8, fontSize: 12 }}
          />
          <YAxis
            type="number"
            dataKey="y"
            name="ms"
            tickFormatter={(v: number) => duration(v)}
            width={68}
            label={{
              value: "time to first token",
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
              ifOverflow="extendDomain"
            />
          ))}
          {series.map((s) => (
            <Scatter
              key={s.configId}
              name={s.configId}
              data={s.points}
              fill={colorOf(colors, s.configId)}
              fillOpacity={0.7}
              isAnimationActive={false}
            />
          ))}
          {line && (
            <ReferenceLine
              segment={[line[0], line[1]]}
              stroke="#1c1d1f"
              strokeWidth={1.5}
              className="fit-line"
              ifOverflow="extendDomain"
            />
          )}
        </ScatterChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
