/**
 * mulberry32: a small seeded PRNG, so generated test inputs (the fuzz requests, random uploads) are
 * the same on every run and a failure can be replayed.
 */
export function createRng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { int, chance: (p: number) => next() < p, pick: <T>(items: readonly T[]): T => items[int(items.length)] as T };
}
export type Rng = ReturnType<typeof createRng>;
