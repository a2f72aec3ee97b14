import type { WhiskerPx } from "@/domain/analytics/whisker";

const INK = "#1c1d1f";
const HALO = "#ffffff";

/**
 * A Wilson whisker drawn twice, a light halo under a dark stroke, so it shows on every bar colour
 * and on the plot's background alike. `vertical`: the value axis is y (columns); else x (rows).
 * `at` is the bar's centre across the value axis, `cap` half the cap's length. Draws only.
 */
export function RateWhisker({
  w,
  at,
  cap,
  vertical,
  id,
}: {
  w: WhiskerPx;
  at: number;
  cap: number;
  vertical: boolean;
  /** data-whisker: what the bar is (config, or config and series), for tests and readers of the SVG. */
  id: string;
}) {
  const seg = (a: number, b: number, c1: number, c2: number) =>
    vertical ? { x1: c1, x2: c2, y1: a, y2: b } : { x1: a, x2: b, y1: c1, y2: c2 };
  const lines = [
    seg(w.from, w.to, at, at),
    seg(w.from, w.from, at - cap, at + cap),
    seg(w.to, w.to, at - cap, at + cap),
  ];
  return (
    <g data-whisker={id} fill="none" strokeLinecap="round">
      <g stroke={HALO} strokeWidth={4} strokeOpacity={0.9}>
        {lines.map((l, i) => (
          <line key={i} {...l} />
        ))}
      </g>
      <g stroke={INK} strokeWidth={1.5}>
        {lines.map((l, i) => (
          <line key={i} {...l} />
        ))}
      </g>
    </g>
  );
}

/**
 * The mark of a bar at 0% (runs, none passed): a thin bar in its colour, outlined dark, on the baseline, and its
 * count ("0/15") beyond the whisker, so it never reads as "no data". Draws only.
 */
export function ZeroMark({
  at0,
  from,
  to,
  labelAt,
  label,
  color,
  vertical,
}: {
  /** The bar's colour, so the mark still says which series it is. */
  color?: string;
  /** The baseline's position on the value axis. */
  at0: number;
  /** The bar's extent across the value axis. */
  from: number;
  to: number;
  /** Where the label goes on the value axis (beyond the whisker's end). */
  labelAt: number;
  /** "0/15"; empty where the chart writes counts elsewhere. */
  label: string;
  vertical: boolean;
}) {
  const mid = (from + to) / 2;
  return (
    <g data-zero-mark={label}>
      {vertical ? (
        <rect
          x={from}
          y={at0 - 4}
          width={Math.max(2, to - from)}
          height={4}
          fill={color ?? INK}
          stroke={INK}
          strokeWidth={0.75}
        />
      ) : (
        <rect
          x={at0}
          y={from}
          width={4}
          height={Math.max(2, to - from)}
          fill={color ?? INK}
          stroke={INK}
          strokeWidth={0.75}
        />
      )}
      {label && (
        <text
          x={vertical ? mid : labelAt + 4}
          y={vertical ? labelAt - 4 : mid}
          textAnchor={vertical ? "middle" : "start"}
          dominantBaseline={vertical ? "auto" : "central"}
          fontSize={10}
          fill={INK}
          stroke={HALO}
          strokeWidth={3}
          paintOrder="stroke"
        >
          {label}
        </text>
      )}
    </g>
  );
}
