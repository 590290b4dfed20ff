import { setTimeout as delay } from 'node:timers/promises';

/** The slowest pace a run of 429s can bring a worker down to: a request every two seconds. */
export const MIN_RATE = 0.5;
/** After this long without a 429, the run's learned pace goes up a step (and again after as long). */
export const QUIET_MS = 2_000;
/**
 * The step while no ceiling is known (only the first, unpaced 429 has been met): a tenth of the pace, at
 * least one request a second, so a first guess far under the limit is not the run's pace for long. Once a
 * ceiling is known the step is one request a second. Measured against the rate-limited mock (20 a second),
 * four runs each: one a second, 1.14× to 1.24× the floor; a tenth, 1.15× to 1.17×, and 5 answers of 429 a run
 * against 2 to 4.
 */
export const SEARCH_STEP = 1.1;
/**
 * How close to the rate that last met a 429 at a learned pace the pace creeps back: the run then keeps just
 * under the target's limit instead of meeting it again every few seconds.
 */
export const CEILING_SHARE = 0.9;
/** Where a 429 met at a learned pace takes the pace: this much of the rate that met it. */
export const AFTER_CEILING = 0.85;
/** A worker's requests in flight when nothing says otherwise, as against a distant target (src/config/run-shape.ts). */
export const IN_FLIGHT_PER_WORKER = 8;

/**
 * A 429 a worker met: until when (epoch ms) to hold, the run's rate it learned, and the ceiling the run's
 * pace may not creep past (once a 429 was met at a learned pace).
 */
export type Hold = { until: number; rate: number; ceiling?: number };

/**
 * What the run's workers tell one another (sending-workers.ts): which are sending now and how many
 * requests each let go in the last second (`sending(recent)`), among whom the pace learned from 429s is
 * shared (`count`), what the whole run let go in the last second (`runRecent`, this worker's `own` with the
 * others'), and the last 429 one of them met, which holds them all.
 */
export type Senders = {
  sending(recent: number): void;
  count(): number;
  runRecent(own: number): number;
  held(hold: Hold): void;
  lastHold(): Hold | undefined;
};

/**
 * Client-side pacing: hands out request slots, evenly spaced, to every caller in this process, and at most
 * `lanes` of them at once (PG_IN_FLIGHT). Each Playwright worker is its own process, so the fixture gives
 * each one its share of the run's budget: of its rate, and of its requests in flight.
 *
 * The lanes are counted here, not by the HTTP client's connection pool: a request queued in the pool is
 * already inside the time-out meant for the target's answer, so a test with 20 requests to send over a slow
 * link would count its own queue as the target's slowness. A slot is taken before the time-out starts.
 *
 * With PG_MAX_RPS the pace is the worker's share of it and never goes above it. Without it, nothing is paced
 * until the target answers 429 (section 8: limits are not shown). From then on the pace is learned from
 * 429s, as a rate for the whole run, and each worker paces at its share of it: the run's rate divided among
 * the workers sending now (`senders`), so a worker left alone with a long test at the end of a run is not
 * held to a share meant for all of them. The worker that meets a 429 tells the others (`senders`): every
 * caller of every worker waits out its Retry-After, callers already waiting for their time included, and
 * takes the rate it learned and the ceiling if lower, so the run meets the limit once, not once a worker.
 * The rate that met a 429 is what this worker let go in the second before, over its share of the run, and
 * never less than what the whole run let go, every worker's count added up (`runRecent`): at the start of a
 * run one worker may have sent little while another sent much. The first 429 halves that rate (unpaced, it
 * had the target's burst in it and says little of the limit). A 429 met at a learned pace sets the ceiling,
 * which only comes down, and takes the pace to AFTER_CEILING of it. Each QUIET_MS without a 429 the run's
 * pace creeps up a step (SEARCH_STEP until a ceiling is known, one request a second after), to
 * CEILING_SHARE of the ceiling and no further. So a rate-limited sandbox costs a few 429s a
 * run, not a 429 on every other request until a request's budget is spent, nor one every few seconds.
 */
export class Pacer {
  private nextSlot = 0;
  /** PG_MAX_RPS's spacing for this worker; 0 without it. */
  private readonly floorMs: number;
  /** The rate the whole run may send, learned from 429s; undefined until the first. */
  private learned: number | undefined;
  /** The run's rate that met a 429 at a learned pace: the pace creeps up to CEILING_SHARE of it. */
  private ceiling = Infinity;
  private holdUntil = 0;
  /** The last hold of another worker this one heeded. */
  private heeded: Hold | undefined;
  private lastLimited = -Infinity;
  private lastRaised = -Infinity;
  /** When the requests of the last second or so were let go: the rate that met a 429. */
  private readonly sent: number[] = [];
  /** 429s this process has met, and how long callers were held for them. */
  readonly seen = { limited: 0, heldMs: 0 };
  /** Slots taken and not yet given back, and the callers waiting for one, first come first served. */
  private taken = 0;
  private readonly waiting: (() => void)[] = [];

  /**
   * `perSecond`: the share of PG_MAX_RPS, or undefined to learn the pace from 429s. `lanes`: the share of
   * PG_IN_FLIGHT. `share`: this process's part of the run (1 / its workers and shards), its part of a learned
   * rate when `senders` does not tell how many workers are sending.
   */
  constructor(
    perSecond?: number,
    readonly lanes = IN_FLIGHT_PER_WORKER,
    private readonly share = 1,
    private readonly senders?: Senders,
  ) {
    if (perSecond !== undefined && !(perSecond > 0)) throw new Error(`Pacer needs a positive rate, got ${perSecond}`);
    if (!(lanes >= 1)) throw new Error(`Pacer needs at least one request in flight, got ${lanes}`);
    if (!(share > 0 && share <= 1)) throw new Error(`Pacer's share of the run is above 0 and at most 1, got ${share}`);
    this.floorMs = perSecond ? 1000 / perSecond : 0;
  }

  /** Requests in flight now. */
  get inFlight(): number {
    return this.taken;
  }

  /** This worker's part of a learned rate now. */
  private shareNow(): number {
    return this.senders ? 1 / this.senders.count() : this.share;
  }

  private spacingMs(): number {
    const learnedMs = this.learned === undefined ? 0 : 1000 / Math.max(MIN_RATE, this.learned * this.shareNow());
    return Math.max(this.floorMs, learnedMs);
  }

  /** Requests a second this pacer lets through now (Infinity when unpaced). */
  get rate(): number {
    const spacing = this.spacingMs();
    return spacing ? 1000 / spacing : Infinity;
  }

  /**
   * Resolves when this caller may send: a lane is free and its time has come. Callers queue in call order.
   * The caller gives the lane back with `release` once its answer is read (or its request failed).
   */
  async slot(): Promise<{ at: number; release: () => void }> {
    if (this.taken >= this.lanes) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.taken++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.taken--;
      this.admit();
    };
    return { at: await this.paced(), release };
  }

  /** Hands the free lanes to the callers waiting longest. */
  private admit(): void {
    while (this.waiting.length && this.taken < this.lanes) {
      this.taken++;
      this.waiting.shift()!();
    }
  }

  /**
   * Waits for this caller's time: evenly spaced after the slots before it, after any hold a 429 asked for. A
   * hold that began while it waited (another request's 429) holds it too: it takes a new time after the hold.
   */
  private async paced(): Promise<number> {
    for (;;) {
      this.heedOthers();
      const now = performance.now();
      const at = Math.max(now, this.nextSlot, this.holdUntil);
      this.nextSlot = at + this.spacingMs();
      if (at > now) {
        await delay(at - now);
        // What another worker wrote while this caller waited; without a wait, the read above is current.
        this.heedOthers();
      }
      if (this.holdUntil <= at) {
        this.sent.push(at);
        while (this.sent[0]! < at - 1000) this.sent.shift();
        this.senders?.sending(this.sent.length);
        return at;
      }
    }
  }

  /** A 429 another worker met and wrote down since: this worker holds too, and takes its rate and ceiling if lower. */
  private heedOthers(): void {
    const hold = this.senders?.lastHold();
    if (!hold || hold === this.heeded) return;
    this.heeded = hold;
    this.holdUntil = Math.max(this.holdUntil, hold.until - Date.now() + performance.now());
    if (this.learned === undefined || hold.rate < this.learned) this.learned = hold.rate;
    if (hold.ceiling !== undefined) this.ceiling = Math.min(this.ceiling, hold.ceiling);
  }

  /**
   * The target answered 429 and asks for `waitMs`: every caller of this process waits that long, and the
   * first 429 of a burst (not each of the requests that were in flight with it) sets the pace.
   */
  limited(waitMs: number, now = performance.now()): void {
    this.seen.limited++;
    const until = now + waitMs;
    if (until > this.holdUntil) this.seen.heldMs += until - Math.max(now, this.holdUntil);
    this.holdUntil = Math.max(this.holdUntil, until);
    this.nextSlot = Math.max(this.nextSlot, this.holdUntil);
    if (now - this.lastLimited > Math.max(waitMs, 1000)) {
      const paced = this.spacingMs() > 0;
      const own = this.sent.filter((t) => t >= now - 1000).length;
      // The rate the run met the limit at, no more than its pace: what this worker let go in the second before,
      // over its share of the run, and no less than what all the workers let go.
      const runSent = Math.max(own / this.shareNow(), this.senders?.runRecent(own) ?? 0);
      const runMetAt = Math.max(1, Math.min(this.rate / this.shareNow(), runSent));
      if (paced) this.ceiling = Math.min(this.ceiling, runMetAt);
      this.learned = paced ? this.ceiling * AFTER_CEILING : runMetAt / 2;
      const ceiling = Number.isFinite(this.ceiling) ? { ceiling: this.ceiling } : {};
      this.senders?.held({ until: Date.now() + (this.holdUntil - now), rate: this.learned, ...ceiling });
    }
    this.lastLimited = now;
  }

  /** An answer that was not a 429: after QUIET_MS of them the learned pace goes up a step. */
  served(now = performance.now()): void {
    if (this.learned === undefined) return;
    if (now - this.lastLimited < QUIET_MS || now - this.lastRaised < QUIET_MS) return;
    const cap = this.ceiling * CEILING_SHARE;
    if (this.learned >= cap) return;
    this.lastRaised = now;
    const searching = this.ceiling === Infinity;
    this.learned = Math.min(cap, Math.max(this.learned + 1, searching ? this.learned * SEARCH_STEP : 0));
  }
}

/** The share of the run one worker process is: 1 / its workers and shards (they all run at once). */
export function workerShare(workers: number, shards = 1): number {
  return 1 / Math.max(1, workers) / Math.max(1, shards);
}
