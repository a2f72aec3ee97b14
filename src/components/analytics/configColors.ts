/**
 * One colour per config on every chart of a selection. The palette is colour-blind safe: Okabe &
 * Ito's eight "Color Universal Design" colours (2008), ordered so the first configs get the most
 * distinct ones and yellow (faint on white) comes last, with two of Paul Tol's "muted" colours
 * (wine, olive) in between, for ten. tests/unit/analytics/config-colors.test.ts checks that every
 * pair is at least ΔE*76 = 25 apart in CIELAB. An eleventh config repeats the first colour.
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
  "#000000", // Okabe–Ito black
  "#F0E442", // yellow
] as const;

/** Config id → colour for one selection: plain data, so server pages can hand it to client charts. */
export type ConfigColors = Readonly<Record<string, string>>;

/**
 * Colours by each config's position among the selection's config ids in code-unit order, so every
 * page of the same selection (same ids) gives a config the same colour whatever it draws first.
 */
export function configColors(selectionConfigIds: readonly string[]): ConfigColors {
  const ids = [...new Set(selectionConfigIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
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
