"use client";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/ChartFrame";
import { RateColumn, type ColumnShapeProps } from "@/components/charts/RateColumn";
import { categoryTick } from "@/components/charts/CategoryTick";
import { yAxisProps } from "@/components/charts/axisProps";
import type { PassRateBar } from "@/domain/analytics/passRateChart";
import { valueAxis } from "@/domain/analytics/axis";
import { percent } from "@/domain/stats/format";
import { colorOf, type ConfigColors } from "./configColors";

const RATE_AXIS = valueAxis(1, (v) => percent(v), { count: 4 });

/** The overall pass rate of each config in its colour, whiskers its Wilson 95% interval over runs. Draws only. */
export function PassRateChart({ rows, colors }: { rows: PassRateBar[]; colors: ConfigColors }) {
  return (
    <ChartFrame
      testId="pass-rate-chart"
      name="pass-rate-per-config"
      title="Pass rate per config, Wilson 95% intervals over runs"
      legend={rows.map((r) => ({ label: r.configId, color: colorOf(colors, r.configId) }))}
    >
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={rows} margin={{ top: 14, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="configId" interval={0} tick={categoryTick({ fontSize: 12 })} />
          <YAxis {...yAxisProps(RATE_AXIS, "pass rate (%)")} />
          <Tooltip
            formatter={(value, _name, item) => {
              const r = item.payload as PassRateBar;
              return [`${percent(Number(value))} (${r.label} runs, Wilson 95% ${r.interval})`, "passed"];
            }}
          />
          <Bar
            dataKey="rate"
            name="pass rate"
            isAnimationActive={false}
            maxBarSize={72}
            shape={(p: unknown) => {
              const props = p as ColumnShapeProps & { payload?: PassRateBar };
              const r = props.payload;
              return r ? <RateColumn {...props} rate={r.rate} err={r.err} label={r.label} id={r.configId} /> : <g />;
            }}
          >
            {rows.map((r) => (
              <Cell key={r.configId} fill={colorOf(colors, r.configId)} data-config={r.configId} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
