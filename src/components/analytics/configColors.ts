/**
 * One colour per config on every chart of a selection. The palette is colour-blind safe: the six
 * chromatic colours of Okabe & Ito's "Color Universal Design" set (2008) first, then Paul Tol's
 * "muted" wine, olive and indigo, then a dark grey, for ten. Okabe–Ito's yellow is left out (too
 * faint as dots on white) and its black too (the TTFT chart's fit line is black).
 * tests/unit/analytics/config-colors.test.ts checks every pair is at least ΔE*76 25 and ΔE00 20
 * apart in CIELAB (measured 26.4 and 20.6). An eleventh config repeats the first colour.
 */
export const CONFIG_PALETTE = [
  "#0072B2", // Okabe–Ito blue
  "#E69F00", // orange
  "#009E73", // bluish green
  "#D55E00", // vermillion
  "#CC79A7", // reddish purple
  "#56B4E9", // sky blue
  "#882255", // Tol muted wine
  "#999933", // Tol muted olive
  "#332288", // Tol muted indigo
  "#666666", // dark grey
] as const;

/** Config id → colour for one selection: plain data, so server pages can hand it to client charts. */
export type ConfigColors = Readonly<Record<string, string>>;

/**
 * Colours by each config's position in the list of every config the dashboard knows, in the order
 * the suites introduced them (src/server/analytics/configUniverse.ts), never by position in the
 * current selection: a selection of one config used to colour it like the first of seven, so
 * `files` was blue on one page and orange on the next. The default suite's ten configs get ten
 * different colours; an eleventh config repeats the first.
 */
export function configColors(universe: readonly string[]): ConfigColors {
  const ids = [...new Set(universe)];
  return Object.fromEntries(ids.map((id, i) => [id, CONFIG_PALETTE[i % CONFIG_PALETTE.length]]));
}

/** A config's colour; one the selection does not list (should not happen) gets a colour from its id, still stable. */
export function colorOf(colors: ConfigColors, configId: string): string {
  const known = colors[configId];
  if (known) return known;
  let h = 0;
  for (let i = 0; i < configId.length; i++) h = (h * 31 + configId.charCodeAt(i)) >>> 0;
  return CONFIG_PALETTE[h % CONFIG_PALETTE.length];
}
