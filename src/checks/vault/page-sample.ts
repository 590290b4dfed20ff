/** A vault of at most this many pages (at the walk's count) is walked whole. */
export const MAX_PAGES = 60;

/**
 * A larger one is judged on a sample of this many pages, so a big shared sandbox costs a bounded number
 * of requests: the first SAMPLE_HEAD pages, the last, and the rest drawn between them from the run's seed
 * (PG_SEED replays the same pages).
 */
export const SAMPLED_PAGES = 12;
export const SAMPLE_HEAD = 5;

/** A small seeded generator (mulberry32): the same seed draws the same sample of pages. */
function random(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The pages a walk asks for, in order: all of them up to MAX_PAGES; past that SAMPLED_PAGES of them, the
 * first SAMPLE_HEAD, the last and a seeded draw between. Page sizes, totals, repeats and order hold on any
 * pages, so each is judged on the sample; only that the pages add up to totalRecords needs them all.
 */
export function pagesToWalk(totalPages: number, seed: number): number[] {
  if (!(totalPages > 0)) return [0];
  if (totalPages <= MAX_PAGES) return Array.from({ length: totalPages }, (_, i) => i);
  const picked = new Set([...Array.from({ length: SAMPLE_HEAD }, (_, i) => i), totalPages - 1]);
  const draw = random(seed);
  while (picked.size < SAMPLED_PAGES) picked.add(SAMPLE_HEAD + Math.floor(draw() * (totalPages - 1 - SAMPLE_HEAD)));
  return [...picked].sort((a, b) => a - b);
}

/** The sample's seed: the run's (PG_SEED, set for every run) and the page size, so each count draws its own pages. */
export function sampleSeed(count: number, env: NodeJS.ProcessEnv = process.env): number {
  const run = Number(env.PG_SEED);
  return Math.imul((Number.isSafeInteger(run) ? run : 0) ^ count, 0x9e3779b1);
}
