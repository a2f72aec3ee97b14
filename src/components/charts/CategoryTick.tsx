"use client";
import { categoryChars, truncateLabel } from "@/domain/analytics/axis";

interface TickProps {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  visibleTicksCount?: number;
  payload?: { value: unknown };
}

/**
 * An X-axis tick for config ids and other categories: cut with an ellipsis to the room its band
 * has (src/domain/analytics/axis.ts), the whole text in a <title> so hovering shows it, and in
 * `data-full` for tests and the exported SVG's readers. `labelOf` names a numeric tick (an index).
 */
export function categoryTick({
  fontSize = 11,
  angle = 0,
  axisHeight,
  labelOf,
}: { fontSize?: number; angle?: number; axisHeight?: number; labelOf?: (value: unknown) => string } = {}) {
  function Tick({ x, y, width, visibleTicksCount, payload }: TickProps) {
    const full = labelOf ? labelOf(payload?.value) : String(payload?.value ?? "");
    const max = categoryChars(Number(width), visibleTicksCount ?? 1, { fontSize, angleDeg: angle, axisHeight });
    const shown = truncateLabel(full, max);
    return (
      <g transform={`translate(${Number(x)},${Number(y)})`} className="category-tick" data-full={full}>
        <title>{full}</title>
        <text
          dy={fontSize}
          y={4}
          fontSize={fontSize}
          fill="#444"
          textAnchor={angle ? "end" : "middle"}
          transform={angle ? `rotate(${angle})` : undefined}
        >
          {shown}
        </text>
      </g>
    );
  }
  return Tick;
}
