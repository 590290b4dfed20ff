/** What `atOnce` resolves to: each promise's value in its place, as Promise.all gives them. */
type Values<T extends readonly unknown[]> = { -readonly [K in keyof T]: Awaited<T[K]> };

/**
 * Requests that do not wait on one another, sent together (the worker's lanes bound how many are in flight,
 * pacer.ts). Each one settles before the caller goes on, so none outlives its test; the first failure (a
 * target gone unavailable) is then thrown, as it would have been had they been sent one after another.
 */
export async function atOnce<T extends readonly unknown[] | []>(sends: T): Promise<Values<T>> {
  const settled: readonly PromiseSettledResult<unknown>[] = await Promise.allSettled(sends as readonly unknown[]);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as Values<T>;
}
