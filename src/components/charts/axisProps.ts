import type { AxisSpec } from "@/domain/analytics/axis";

/** Tick labels are drawn at this size; axisWidth sized the axis for it (src/domain/analytics/axis.ts). */
export const TICK_FONT = 12;

/**
 * Props for a recharts <YAxis> drawn from an AxisSpec: the explicit ticks and domain, their
 * labels, the width that fits them and the title with its unit, e.g. "median turn (s)".
 */
export function yAxisProps(spec: AxisSpec, title: string) {
  return {
    type: "number" as const,
    domain: spec.domain,
    ticks: spec.ticks,
    interval: 0 as const,
    width: spec.width,
    tick: { fontSize: TICK_FONT },
    tickFormatter: (v: number) => spec.labels[spec.ticks.indexOf(v)] ?? String(v),
    label: {
      value: title,
      angle: -90,
      position: "insideLeft" as const,
      offset: 10,
      fontSize: TICK_FONT,
      style: { textAnchor: "middle" as const },
    },
  };
}
