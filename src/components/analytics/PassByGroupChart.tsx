"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/ChartFrame";
import { RateColumn, type ColumnShapeProps } from "@/components/charts/RateColumn";
import { categoryTick } from "@/components/charts/CategoryTick";
import { yAxisProps } from "@/components/charts/axisProps";
import type { GroupBarRow } from "@/domain/analytics/bars";
import { TASK_GROUP_SERIES, type TaskGroupKey } from "@/domain/analytics/taskGroups";
import { valueAxis } from "@/domain/analytics/axis";
import { percent } from "@/domain/stats/format";

/** Series colours (task groups, not configs): Okabe–Ito, away from the config palette's first hues where it can. */
const GROUP_COLOR: Record<TaskGroupKey, string> = {
  noFiles: "#1c1d1f",
  needsFiles: "#0072B2",
  multiStep: "#56B4E9",
  heldOut: "#E69F00",
};

export const PASS_SERIES = TASK_GROUP_SERIES.map((s) => ({ key: s.key, label: s.label, color: GROUP_COLOR[s.key] }));

const RATE_AXIS = valueAxis(1, (v) => percent(v), { count: 4 });
const pct = (v: unknown) => (typeof v === "number" ? percent(v) : "–");

/**
 * View 2: pass rate per config and task group with Wilson 95% error bars (Figures 3a, 11a). The
 * groups are the table's (taskGroups.ts); a page that has no rows for a group draws no bar for it.
 * Draws only.
 */
export function PassByGroupChart({ rows }: { rows: GroupBarRow[] }) {
  const series = PASS_SERIES.filter((s) => rows.some((r) => s.key in r));
  return (
    <ChartFrame
      testId="pass-by-group-chart"
      name="pass-rate-by-group"
      title="Pass rate per config and task group, Wilson 95% intervals"
    >
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={rows} margin={{ top: 10, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="configId" interval={0} tick={categoryTick({ fontSize: 12 })} />
          <YAxis {...yAxisProps(RATE_AXIS, "pass rate (%)")} />
          <Tooltip
            formatter={(value, name, item) => {
              const s = PASS_SERIES.find((x) => x.label === name);
              const label = s ? (item.payload as Record<string, string>)[`${s.key}Label`] : "";
              return [`${pct(value)} (${label})`, name];
            }}
          />
          <Legend itemSorter={null} />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              isAnimationActive={false}
              shape={(p: unknown) => {
                const props = p as ColumnShapeProps & { payload?: GroupBarRow };
                const row = props.payload;
                if (!row) return <g />;
                const rate = row[s.key];
                const err = row[`${s.key}Err`];
                return (
                  <RateColumn
                    {...props}
                    rate={typeof rate === "number" ? rate : null}
                    err={Array.isArray(err) ? err : null}
                    label={String(row[`${s.key}Label`] ?? "")}
                    id={`${row.configId} ${s.key}`}
                  />
                );
              }}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
