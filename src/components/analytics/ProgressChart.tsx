"use client";
import type { ReactElement } from "react";
import { CartesianGrid, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/ChartFrame";
import {
  BAND_BOTTOM,
  BAND_TOP,
  DIP,
  samePathNotes,
  type ChartSeries,
  type TrajectoryChart,
} from "@/domain/analytics/progress-chart";

import { colorOf, type ConfigColors } from "./configColors";

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
}

/** The marker at a point: the end symbol on a path's last call, a ring on a failed call, nothing else. */
function marker(s: ChartSeries, color: string) {
  function Dot({ cx, cy, index }: DotProps): ReactElement {
    const key = `${s.configId}-${index}`;
    const p = index === undefined ? undefined : s.points[index];
    if (cx === undefined || cy === undefined || !p) return <g key={key} />;
    const tag = { "data-config": s.configId, "data-call": p.call };
    if (p.call === s.lastCall) {
      const title = <title>{`${s.configId}: ${s.endText}`}</title>;
      if (s.end === "context_full")
        return (
          <path
            key={key}
            d={`M${cx - 5},${cy - 5}L${cx + 5},${cy + 5}M${cx - 5},${cy + 5}L${cx + 5},${cy - 5}`}
            stroke={color}
            strokeWidth={2.5}
            data-testid="end-context_full"
            {...tag}
          >
            {title}
          </path>
        );
      if (s.end === "early_stop")
        return (
          <rect
            key={key}
            x={cx - 4.5}
            y={cy - 4.5}
            width={9}
            height={9}
            fill={color}
            data-testid="end-early_stop"
            {...tag}
          >
            {title}
          </rect>
        );
      if (s.end === "tool_limit")
        return (
          <path
            key={key}
            d={`M${cx},${cy - 6}L${cx + 5.5},${cy + 4}L${cx - 5.5},${cy + 4}Z`}
            fill={color}
            data-testid="end-tool_limit"
            {...tag}
          >
            {title}
          </path>
        );
      if (s.end === "crashed")
        return (
          <path
            key={key}
            d={`M${cx},${cy - 6}L${cx + 6},${cy}L${cx},${cy + 6}L${cx - 6},${cy}Z`}
            fill="#fff"
            stroke={color}
            strokeWidth={2}
            data-testid="end-crashed"
            {...tag}
          >
            {title}
          </path>
        );
      return (
        <circle key={key} cx={cx} cy={cy} r={4.5} fill={color} data-testid="end-complete" {...tag}>
          {title}
        </circle>
      );
    }
    if (p.failed)
      return (
        <circle
          key={key}
          cx={cx}
          cy={cy}
          r={3}
          fill="#fff"
          stroke={color}
          strokeWidth={1.5}
          data-testid="failed-call"
          {...tag}
        />
      );
    return <g key={key} />;
  }
  return Dot;
}

function Tip({ active, label, series }: { active?: boolean; label?: number | string; series: ChartSeries[] }) {
  if (!active || label === undefined) return null;
  const call = Number(label);
  return (
    <div className="panel progress-tip">
      <b>{call === 0 ? "Start" : `After call ${call}`}</b>
      {series.map((s) => {
        const p = s.points[call];
        if (!p) return null;
        return (
          <div key={s.configId} className="mono">
            {s.configId}: {p.milestones} milestone{p.milestones === 1 ? "" : "s"}
            {p.failed ? ", call failed" : ""} ({p.following} of {p.running} runs)
          </div>
        );
      })}
    </div>
  );
}

/** View 8: one small chart per task, one line per config's majority path (Figures 9–10). Draws only. */
export function ProgressCharts({
  charts,
  configs,
  colors,
}: {
  charts: TrajectoryChart[];
  configs: string[];
  colors: ConfigColors;
}) {
  return (
    <>
      <div className="legend" data-testid="progress-legend">
        {configs.map((c) => (
          <span key={c} className="mono">
            <span className="swatch" style={{ background: colorOf(colors, c) }} /> {c}
          </span>
        ))}
        <span>✗ band: failed call</span>
        <span>× context full</span>
        <span>■ stopped early</span>
        <span>▲ tool limit</span>
        <span>◆ crashed</span>
        <span>● every milestone</span>
      </div>
      <div className="progress-grid">
        {charts.map((t) => (
          <ChartFrame
            key={t.taskId}
            testId={`progress-chart-${t.taskId}`}
            name={`progress-${t.taskId}`}
            title={`Progress per tool call on ${t.taskId}`}
            legend={t.series.map((s) => ({ label: s.configId, color: colorOf(colors, s.configId) }))}
          >
            <div className="task-name g-multi_step">
              {t.taskId} <span className="muted">({t.milestonesTotal} milestones)</span>
            </div>
            <ResponsiveContainer width="100%" height={230}>
              <LineChart data={t.rows} margin={{ top: 10, right: 14, bottom: 4, left: 0 }}>
                <ReferenceArea
                  y1={BAND_BOTTOM}
                  y2={BAND_TOP}
                  fill="#fbe9e7"
                  fillOpacity={0.8}
                  ifOverflow="extendDomain"
                />
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis
                  dataKey="call"
                  type="number"
                  domain={[0, Math.max(1, t.maxCall)]}
                  allowDecimals={false}
                  tick={{ fontSize: 11 }}
                  label={{ value: "tool call", position: "insideBottomRight", offset: -2, fontSize: 11 }}
                />
                <YAxis
                  domain={[BAND_BOTTOM, t.milestonesTotal + 0.3]}
                  ticks={[DIP, ...Array.from({ length: t.milestonesTotal + 1 }, (_, i) => i)]}
                  tickFormatter={(v: number) => (v === DIP ? "✗" : String(v))}
                  width={40}
                  tick={{ fontSize: 11 }}
                  label={{
                    value: "milestones",
                    angle: -90,
                    position: "insideLeft",
                    offset: 10,
                    fontSize: 11,
                    style: { textAnchor: "middle" },
                  }}
                />
                <Tooltip content={<Tip series={t.series} />} />
                {t.series.map((s) => {
                  const color = colorOf(colors, s.configId);
                  // A line on the same path as an earlier one is dashed over it, so both colours show.
                  const follows = t.samePath[s.configId] !== undefined;
                  return (
                    <Line
                      key={s.configId}
                      dataKey={s.configId}
                      name={s.configId}
                      stroke={color}
                      strokeWidth={2}
                      strokeDasharray={follows ? "5 4" : undefined}
                      dot={marker(s, color)}
                      activeDot={false}
                      isAnimationActive={false}
                      connectNulls={false}
                    />
                  );
                })}
              </LineChart>
            </ResponsiveContainer>
            {Object.keys(t.samePath).length > 0 && (
              <div className="progress-ends" data-testid={`progress-same-${t.taskId}`}>
                {samePathNotes(
                  t.samePath,
                  t.series.map((s) => s.configId),
                ).map((n) => (
                  <span key={n} className="mono">
                    {n} (dashed)
                  </span>
                ))}
              </div>
            )}
            <div className="progress-ends">
              {t.series.map((s) => (
                <span key={s.configId} data-testid={`progress-end-${t.taskId}-${s.configId}`} className="mono">
                  {s.configId}: {s.endText}
                </span>
              ))}
            </div>
          </ChartFrame>
        ))}
      </div>
    </>
  );
}
