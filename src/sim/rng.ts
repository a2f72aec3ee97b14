import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { uniformInt } from "pure-rand/distribution/uniformInt";

/** The simulator's only source of randomness: a seeded pure-rand generator behind a tiny API. */
export interface Rng {
  /** Uniform in [0, 1). */
  float(): number;
  /** Uniform integer in [from, to]. */
  int(from: number, to: number): number;
  /** Uniform in [lo, hi). */
  between(lo: number, hi: number): number;
  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** Approximately standard normal (Irwin–Hall of 6 uniforms). */
  normal(): number;
}

export function createRng(seed: number): Rng {
  const gen = xoroshiro128plus(seed | 0);
  const float = () => uniformFloat64(gen);
  return {
    float,
    int: (from, to) => uniformInt(gen, from, to),
    between: (lo, hi) => lo + (hi - lo) * float(),
    pick: (items) => items[uniformInt(gen, 0, items.length - 1)],
    normal: () => {
      let s = 0;
      for (let i = 0; i < 6; i++) s += float();
      return (s - 3) / Math.sqrt(0.5);
    },
  };
}

/** FNV-1a over the parts joined by NUL: a stable 32-bit seed derived from names and numbers. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  const s = parts.map(String).join("\0");
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** Weighted choice; weights of zero or less are never chosen. Deterministic for a given rng state. */
export function weightedChoice<K extends string>(rng: Rng | number, weights: Partial<Record<K, number>>): K {
  const entries = (Object.entries(weights) as [K, number][]).filter(([, w]) => w > 0);
  if (entries.length === 0) throw new Error("weightedChoice needs at least one positive weight");
  const total = entries.reduce((s, [, w]) => s + w, 0);
  // A number is a uniform draw in [0, 1) supplied by the caller (common random numbers).
  let x = (typeof rng === "number" ? rng : rng.float()) * total;
  for (const [k, w] of entries) {
    x -= w;
    if (x < 0) return k;
  }
  return entries[entries.length - 1][0];
}
