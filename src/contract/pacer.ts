import { setTimeout as delay } from 'node:timers/promises';

/**
 * Client-side pacing (PG_MAX_RPS): hands out request slots at most `perSecond` a second, evenly spaced,
 * to every caller in this process. Each Playwright worker is its own process, so the fixture gives each
 * one its share of the run's budget.
 */
export class Pacer {
  private nextSlot = 0;
  private readonly spacingMs: number;

  constructor(perSecond: number) {
    if (!(perSecond > 0)) throw new Error(`Pacer needs a positive rate, got ${perSecond}`);
    this.spacingMs = 1000 / perSecond;
  }

  /** Resolves when this caller may send; slots are taken in call order, so concurrent callers queue. */
  async slot(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + this.spacingMs;
    if (at > now) await delay(at - now);
  }
}

/** The share of a run-wide budget one worker process may use: divided by the workers and the shards. */
export function perWorkerRate(maxRps: number, workers: number, shards = 1): number {
  return maxRps / Math.max(1, workers) / Math.max(1, shards);
}
