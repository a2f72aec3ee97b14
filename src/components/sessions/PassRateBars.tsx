"use client";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/ChartFrame";
import type { PassBar } from "@/domain/sessions";
import type { FigureContext } from "@/domain/analytics/figureCaption";
import { rateMark, ratePx, whiskerPx } from "@/domain/analytics/whisker";
import { RateWhisker, ZeroMark } from "@/components/charts/RateWhisker";

const pct = (v: unknown) => (typeof v === "number" ? `${Math.round(v * 100)}%` : "–");

interface ShapeProps {
  x?: number;
  y?: number;
  height?: number;
  background?: { x: number; width: number };
  payload?: PassBar;
}

/**
 * A bar drawn from 0 to its pass rate in the config's colour, with its Wilson 95% interval as a
 * whisker (dark on a light halo, shown at 0% and 100% too) and, at 0%, a baseline mark. Drawn here
 * rather than with recharts' ErrorBar, which draws nothing for a 0% bar; the background's width is
 * the plot's, i.e. 100%.
 */
function RateBar({ y = 0, height = 0, background, payload }: ShapeProps) {
  if (!background || !payload) return null;
  const at0 = background.x;
  const at1 = background.x + background.width;
  const mid = y + height / 2;
  const mark = rateMark(payload.rate, payload.err);
  const w = whiskerPx(mark, payload.rate, at0, at1);
  return (
    <g data-config={payload.configId}>
      {payload.rate !== null && payload.rate > 0 && (
        <rect x={at0} y={y} width={ratePx(payload.rate, at0, at1) - at0} height={height} fill={payload.color} />
      )}
      {mark.zero && (
        <ZeroMark at0={at0} from={y} to={y + height} labelAt={at0} label="" color={payload.color} vertical={false} />
      )}
      {w && <RateWhisker w={w} at={mid} cap={5} vertical={false} id={payload.configId} />}
      <text x={at1 + 8} y={mid} dominantBaseline="central" fontSize={12} fill="#333">
        {payload.runs ? `${payload.passed}/${payload.runs}` : "no runs yet"}
      </text>
    </g>
  );
}

/**
 * The live page's pass rate by config with Wilson 95% intervals, one bar per config of the
 * session, filling in as runs arrive (issue 16.3); "k/n" right of the plot, the full sentence on
 * hover. Horizontal, so long config ids are never cut. Draws only: passBars shapes the data.
 */
export function PassRateBars({ bars, context }: { bars: PassBar[]; context?: FigureContext }) {
  const longest = bars.reduce((m, b) => Math.max(m, b.configId.length), 0);
  const data = bars.map((b) => ({ ...b, value: b.rate ?? 0 }));
  return (
    <ChartFrame
      testId="live-pass-chart"
      name="session-pass-rate"
      title="Pass rate by config, Wilson 95% intervals over runs"
      context={context}
    >
      <ResponsiveContainer width="100%" height={56 + 30 * bars.length}>
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 76, bottom: 22, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={[0, 1]}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            tickFormatter={pct}
            label={{ value: "pass rate, Wilson 95% whiskers", position: "insideBottom", offset: -14, fontSize: 12 }}
          />
          <YAxis
            type="category"
            dataKey="configId"
            width={Math.min(260, 16 + longest * 7.4)}
            tick={{ fontSize: 12, fontFamily: "ui-monospace, Menlo, Consolas, monospace" }}
            interval={0}
          />
          <Tooltip formatter={(_v, _n, item) => [(item.payload as PassBar).label, "passed"]} />
          <Bar
            dataKey="value"
            isAnimationActive={false}
            barSize={16}
            background={{ fill: "#f1f2f4" }}
            shape={(p: unknown) => <RateBar {...(p as ShapeProps)} />}
          />
        </BarChart>
      </ResponsiveContainer>
      <ul className="visually-hidden" data-testid="live-pass-labels">
        {bars.map((b) => (
          <li key={b.configId} data-config={b.configId}>
            {b.configId}: {b.label}
          </li>
        ))}
      </ul>
    </ChartFrame>
  );
}
