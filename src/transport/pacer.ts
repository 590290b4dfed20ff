import { setTimeout as delay } from 'node:timers/promises';

/** The slowest pace a run of 429s can bring a worker down to: a request every two seconds. */
export const MIN_RATE = 0.5;
/** After this long without a 429, the pace goes up by one request a second (and again after as long). */
export const QUIET_MS = 2_000;

/**
 * Client-side pacing: hands out request slots, evenly spaced, to every caller in this process. Each
 * Playwright worker is its own process, so the fixture gives each one its share of the run's budget.
 *
 * With PG_MAX_RPS the pace starts at that share and never goes above it. Without it, nothing is paced
 * until the target answers 429; from then on the pace is learned from the 429s (section 8: limits are not
 * shown): every caller waits out the Retry-After together, the pace drops to half the rate that met the
 * limit, and creeps up again by one request a second for each QUIET_MS without one. So a rate-limited
 * sandbox costs a few 429s a minute, not a 429 on every other request until a request's budget is spent.
 */
export class Pacer {
  private nextSlot = 0;
  /** 0: unpaced. */
  private spacingMs: number;
  private readonly floorMs: number;
  private holdUntil = 0;
  private lastLimited = -Infinity;
  private lastRaised = -Infinity;
  /** Slots handed out in the last second: the rate that met a 429. */
  private readonly recent: number[] = [];
  /** 429s this process has met, and how long callers were held for them. */
  readonly seen = { limited: 0, heldMs: 0 };

  constructor(perSecond?: number) {
    if (perSecond !== undefined && !(perSecond > 0)) throw new Error(`Pacer needs a positive rate, got ${perSecond}`);
    this.floorMs = perSecond ? 1000 / perSecond : 0;
    this.spacingMs = this.floorMs;
  }

  /** Requests a second this pacer lets through now (Infinity when unpaced). */
  get rate(): number {
    return this.spacingMs ? 1000 / this.spacingMs : Infinity;
  }

  /**
   * Resolves when this caller may send, with the time (performance.now()) its slot was given for; slots
   * are taken in call order, so concurrent callers queue.
   */
  async slot(): Promise<number> {
    const now = performance.now();
    const at = Math.max(now, this.nextSlot, this.holdUntil);
    this.nextSlot = at + this.spacingMs;
    this.recent.push(at);
    while (this.recent.length && this.recent[0]! < now - 1000) this.recent.shift();
    if (at > now) await delay(at - now);
    return at;
  }

  /**
   * The target answered 429 and asks for `waitMs`: every caller of this process waits that long, and the
   * first 429 of a burst (not each of the requests that were in flight with it) halves the pace.
   */
  limited(waitMs: number, now = performance.now()): void {
    this.seen.limited++;
    const until = now + waitMs;
    if (until > this.holdUntil) this.seen.heldMs += until - Math.max(now, this.holdUntil);
    this.holdUntil = Math.max(this.holdUntil, until);
    this.nextSlot = Math.max(this.nextSlot, this.holdUntil);
    if (now - this.lastLimited > Math.max(waitMs, 1000)) {
      const metAt = Math.min(this.rate, Math.max(this.recent.filter((t) => t >= now - 1000).length, 1));
      this.spacingMs = Math.max(this.floorMs, 1000 / Math.max(MIN_RATE, metAt / 2));
    }
    this.lastLimited = now;
  }

  /** An answer that was not a 429: after QUIET_MS of them the pace goes up a step, never past PG_MAX_RPS. */
  served(now = performance.now()): void {
    if (!this.spacingMs || this.spacingMs <= this.floorMs) return;
    if (now - this.lastLimited < QUIET_MS || now - this.lastRaised < QUIET_MS) return;
    this.lastRaised = now;
    this.spacingMs = Math.max(this.floorMs, 1000 / (this.rate + 1));
  }
}

/** The share of a run-wide budget one worker process may use: divided by the workers and the shards. */
export function perWorkerRate(maxRps: number, workers: number, shards = 1): number {
  return maxRps / Math.max(1, workers) / Math.max(1, shards);
}
