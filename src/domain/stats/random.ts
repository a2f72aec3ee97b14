/**
 * Seeded draws for the simulated studies (gate/simulate.ts, stats/sequential-simulate.ts): the
 * generator is pure-rand's xoroshiro128+, so a seed gives the same study on every machine.
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

export type Gen = ReturnType<typeof xoroshiro128plus>;

/** Uniform on (0, 1), 30 bits. */
export const uniform = (g: Gen) => (uniformInt(g, 0, 2 ** 30 - 1) + 0.5) / 2 ** 30;
/** Standard normal (Box–Muller). */
export const normal = (g: Gen) => Math.sqrt(-2 * Math.log(uniform(g))) * Math.cos(2 * Math.PI * uniform(g));

/** Gamma(shape, 1) by Marsaglia & Tsang 2000 (with the shape < 1 boost). */
export function gamma(g: Gen, shape: number): number {
  if (shape < 1) return gamma(g, shape + 1) * uniform(g) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(g);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = uniform(g);
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** Beta(a, a): a task's pass probability with mean ½ and intraclass correlation 1/(2a + 1). */
export const beta = (g: Gen, a: number) => {
  const x = gamma(g, a);
  return x / (x + gamma(g, a));
};
