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
 * What a learned pace belongs to: a family of the interface (`pg`, `platform`: a limit set on one service, as
 * card storage often is), or the whole target once every family has met a limit together.
 */
export type Scope = string;
/** The scope of a limit every family meets: one figure for the whole target. */
export const WHOLE_TARGET: Scope = 'target';
/**
 * A 429 in one family within this long of one in another family is the same limit: the whole target's. A
 * family limited alone never meets it: the other family keeps going at its own pace. Once the limit is the
 * whole target's, the families' own paces are dropped: a family's share of the limit when it met it is not
 * its pace while the other family sends nothing.
 */
export const TOGETHER_MS = 10_000;
/**
 * The answer time a near target's shape is made for (src/config/run-shape.ts's DISTANT_FROM_MS): its
 * requests in flight a worker, at this latency, are the pace an unpaced scope keeps up. A scope whose answers
 * take longer gets more in flight, as Little's law has it (in flight = pace × latency), up to the most a
 * worker may have.
 */
export const NEAR_ANSWER_MS = 50;
/** How much of each new answer time the latency a scope's lanes follow takes in (a moving average). */
const LATENCY_WEIGHT = 0.2;

/**
 * A 429 a worker met: until when (epoch ms) to hold, the run's rate it learned, the ceiling the run's pace
 * may not creep past (once a 429 was met at a learned pace), the scope it belongs to (absent: the whole
 * target) and when it was met (epoch ms).
 */
export type Hold = { until: number; rate: number; ceiling?: number; scope?: Scope; at?: number };

/**
 * What the run's workers tell one another (sending-workers.ts): which are sending now and how many
 * requests each let go in the last second, by scope (`sending(recent)`), among whom the pace learned from
 * 429s is shared (`count`), what the whole run let go in the last second in a scope (`runRecent`, this
 * worker's `own` with the others'), and the last 429 one of them met in a scope, which holds them all.
 */
export type Senders = {
  sending(recent: number | Record<Scope, number>): void;
  count(): number;
  runRecent(own: number, scope?: Scope): number;
  held(hold: Hold): void;
  lastHold(scope?: Scope): Hold | undefined;
};

/** The pace learned in one scope, from its own 429s and the holds the other workers wrote for it. */
class ScopePace {
  /** The rate the whole run may send in this scope, learned from 429s; undefined until the first. */
  learned: number | undefined;
  /** The run's rate that met a 429 at a learned pace: the pace creeps up to CEILING_SHARE of it. */
  ceiling = Infinity;
  holdUntil = 0;
  nextSlot = 0;
  /** The last hold of another worker this one heeded. */
  heeded: Hold | undefined;
  lastLimited = -Infinity;
  /** Epoch ms of the last 429 met in this scope, by this worker or another. */
  limitedAtEpoch = -Infinity;
  lastRaised = -Infinity;
  /** When the requests of this scope of the last second or so were let go: the rate that met a 429. */
  readonly sent: number[] = [];
  /** The scope's answer time, a moving average; undefined until its first answer. */
  latencyMs: number | undefined;

  constructor(readonly scope: Scope) {}

  spacingMs(share: number): number {
    return this.learned === undefined ? 0 : 1000 / Math.max(MIN_RATE, this.learned * share);
  }

  recent(now: number): number {
    while (this.sent.length && this.sent[0]! < now - 1000) this.sent.shift();
    return this.sent.length;
  }
}

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
 * 429s, per scope: the family whose request met it (`pg`, `platform`), or the whole target when both
 * families meet one within TOGETHER_MS. A request goes at its family's pace and the whole target's, so a
 * limit on card storage holds tokenizes and never the listings. Within a scope the rate is the whole run's,
 * and each worker paces at its share of it: the run's rate divided among the workers sending now
 * (`senders`), so a worker left alone with a long test at the end of a run is not held to a share meant for
 * all of them. The worker that meets a 429 tells the others (`senders`): every caller of the scope in every
 * worker waits out its Retry-After, callers already waiting for their time included, and takes the rate it
 * learned and the ceiling if lower, so the run meets the limit once, not once a worker. The rate that met a
 * 429 is what this worker let go in the scope in the second before, over its share of the run, and never
 * less than what the whole run let go there, every worker's count added up (`runRecent`): at the start of a
 * run one worker may have sent little while another sent much. The first 429 halves that rate (unpaced, it
 * had the target's burst in it and says little of the limit). A 429 met at a learned pace sets the ceiling,
 * which only comes down, and takes the pace to AFTER_CEILING of it. Each QUIET_MS without a 429 the scope's
 * pace creeps up a step (SEARCH_STEP until a ceiling is known, one request a second after), to
 * CEILING_SHARE of the ceiling and no further. So a rate-limited sandbox costs a few 429s a
 * run, not a 429 on every other request until a request's budget is spent, nor one every few seconds.
 *
 * The lanes follow each scope's answer time: `lanes` in flight while its answers come back within
 * NEAR_ANSWER_MS, and as many more as its pace keeps busy for as long as its answers take (Little's law), up
 * to `most`. A slow tokenize gets the concurrency its latency needs; the listings keep the near shape.
 */
export class Pacer {
  /** PG_MAX_RPS's spacing for this worker; 0 without it. */
  private readonly floorMs: number;
  private floorNext = 0;
  private readonly scopes = new Map<Scope, ScopePace>();
  /** 429s this process has met. */
  readonly seen = { limited: 0 };
  /** Slots taken and not yet given back, in all and by scope, and the callers waiting for one, first come first served. */
  private taken = 0;
  private readonly takenIn = new Map<Scope, number>();
  private readonly waiting: { scope: Scope; go: () => void }[] = [];
  private readonly most: number;

  /**
   * `perSecond`: the share of PG_MAX_RPS, or undefined to learn the pace from 429s. `lanes`: the share of
   * PG_IN_FLIGHT, or the run shape's requests in flight a worker. `share`: this process's part of the run
   * (1 / its workers and shards), its part of a learned rate when `senders` does not tell how many workers
   * are sending. `most`: the most requests in flight a scope whose answers are slow may have (at least `lanes`).
   */
  constructor(
    perSecond?: number,
    private readonly base = IN_FLIGHT_PER_WORKER,
    private readonly share = 1,
    private readonly senders?: Senders,
    most?: number,
  ) {
    if (perSecond !== undefined && !(perSecond > 0)) throw new Error(`Pacer needs a positive rate, got ${perSecond}`);
    if (!(base >= 1)) throw new Error(`Pacer needs at least one request in flight, got ${base}`);
    if (!(share > 0 && share <= 1)) throw new Error(`Pacer's share of the run is above 0 and at most 1, got ${share}`);
    this.floorMs = perSecond ? 1000 / perSecond : 0;
    this.most = Math.max(base, most ?? base);
  }

  private pace(scope: Scope): ScopePace {
    let pace = this.scopes.get(scope);
    if (!pace) this.scopes.set(scope, (pace = new ScopePace(scope)));
    return pace;
  }

  /** The paces a request of `scope` goes at: its own and the whole target's. */
  private pacesOf(scope: Scope): ScopePace[] {
    return scope === WHOLE_TARGET ? [this.pace(WHOLE_TARGET)] : [this.pace(scope), this.pace(WHOLE_TARGET)];
  }

  /** Requests in flight now. */
  get inFlight(): number {
    return this.taken;
  }

  /** What a caller sending many at once may start: the lanes of the slowest scope seen so far. */
  get lanes(): number {
    let lanes = this.base;
    for (const scope of this.scopes.keys()) lanes = Math.max(lanes, this.lanesOf(scope));
    return lanes;
  }

  /**
   * The requests in flight a scope may have: as many as its pace keeps busy for its answer time (an unpaced
   * scope's pace: `lanes` answers every NEAR_ANSWER_MS), never fewer than `lanes` nor more than `most`.
   */
  lanesOf(scope: Scope = WHOLE_TARGET): number {
    const pace = this.scopes.get(scope);
    if (!pace?.latencyMs || this.most === this.base) return this.base;
    const perSecond = Math.min(this.rateOf(scope), (this.base * 1000) / NEAR_ANSWER_MS);
    const needed = Math.ceil((perSecond * pace.latencyMs) / 1000);
    return Math.min(this.most, Math.max(this.base, needed));
  }

  /** This worker's part of a learned rate now. */
  private shareNow(): number {
    return this.senders ? 1 / this.senders.count() : this.share;
  }

  private spacingMs(scope: Scope): number {
    return Math.max(this.floorMs, ...this.pacesOf(scope).map((p) => p.spacingMs(this.shareNow())));
  }

  /** Requests a second this pacer lets through now in `scope` (Infinity when unpaced). */
  rateOf(scope: Scope = WHOLE_TARGET): number {
    const spacing = this.spacingMs(scope);
    return spacing ? 1000 / spacing : Infinity;
  }

  /**
   * The limit learned in each scope that met one, for the whole run (requests a second), for the report: the
   * rate a 429 met at a learned pace (the ceiling), or the pace learned while none has.
   */
  learnedLimits(): { scope: Scope; perSecond: number }[] {
    return [...this.scopes.values()]
      .filter((p) => p.learned !== undefined)
      .map((p) => ({
        scope: p.scope,
        perSecond: Math.round((Number.isFinite(p.ceiling) ? p.ceiling : p.learned!) * 10) / 10,
      }));
  }

  /**
   * Resolves when this caller may send: a lane is free and its time has come. Callers queue in call order.
   * The caller gives the lane back with `release` once its answer is read (or its request failed).
   */
  async slot(scope: Scope = WHOLE_TARGET): Promise<{ at: number; release: () => void }> {
    if (!this.mayTake(scope)) await new Promise<void>((go) => this.waiting.push({ scope, go }));
    else this.take(scope);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.taken--;
      this.takenIn.set(scope, (this.takenIn.get(scope) ?? 1) - 1);
      this.admit();
    };
    return { at: await this.paced(scope), release };
  }

  private mayTake(scope: Scope): boolean {
    return this.taken < this.most && (this.takenIn.get(scope) ?? 0) < this.lanesOf(scope) && this.taken < this.lanes;
  }

  private take(scope: Scope): void {
    this.taken++;
    this.takenIn.set(scope, (this.takenIn.get(scope) ?? 0) + 1);
  }

  /** Hands the free lanes to the callers waiting longest, each within its scope's lanes. */
  private admit(): void {
    for (let i = 0; i < this.waiting.length;) {
      const { scope, go } = this.waiting[i]!;
      if (!this.mayTake(scope)) {
        i++;
        continue;
      }
      this.take(scope);
      this.waiting.splice(i, 1);
      go();
    }
  }

  /**
   * Waits for this caller's time: evenly spaced after the slots before it in its scopes, after any hold a
   * 429 asked for. A hold that began while it waited (another request's 429) holds it too: it takes a new
   * time after the hold.
   */
  private async paced(scope: Scope): Promise<number> {
    const paces = this.pacesOf(scope);
    for (;;) {
      paces.forEach((p) => this.heedOthers(p));
      const now = performance.now();
      const at = Math.max(now, this.floorNext, ...paces.flatMap((p) => [p.nextSlot, p.holdUntil]));
      this.floorNext = at + this.floorMs;
      for (const p of paces) p.nextSlot = at + p.spacingMs(this.shareNow());
      if (at > now) {
        await delay(at - now);
        // What another worker wrote while this caller waited; without a wait, the read above is current.
        paces.forEach((p) => this.heedOthers(p));
      }
      if (paces.every((p) => p.holdUntil <= at)) {
        for (const p of paces) p.sent.push(at);
        const recent: Record<Scope, number> = {};
        for (const [name, p] of this.scopes) recent[name] = p.recent(at);
        this.senders?.sending(recent);
        return at;
      }
    }
  }

  /** A 429 another worker met in this scope and wrote down since: this worker holds too, and takes its rate and ceiling if lower. */
  private heedOthers(pace: ScopePace): void {
    const hold = this.senders?.lastHold(pace.scope);
    if (!hold || hold === pace.heeded) return;
    pace.heeded = hold;
    if (pace.scope === WHOLE_TARGET) this.dropFamilyPaces();
    pace.limitedAtEpoch = Math.max(pace.limitedAtEpoch, hold.at ?? -Infinity);
    pace.holdUntil = Math.max(pace.holdUntil, hold.until - Date.now() + performance.now());
    // A family's hold written before its worker knew the limit is the whole target's: its time holds, its rate not.
    if (pace.scope !== WHOLE_TARGET && this.scopes.get(WHOLE_TARGET)?.learned !== undefined) return;
    if (pace.learned === undefined || hold.rate < pace.learned) pace.learned = hold.rate;
    if (hold.ceiling !== undefined) pace.ceiling = Math.min(pace.ceiling, hold.ceiling);
  }

  /** The limit is the whole target's: the families keep their holds, and go at the target's pace alone. */
  private dropFamilyPaces(): void {
    for (const p of this.scopes.values()) {
      if (p.scope === WHOLE_TARGET) continue;
      p.learned = undefined;
      p.ceiling = Infinity;
    }
  }

  /** Whether a 429 in `scope` comes with one in another family within TOGETHER_MS: the whole target's limit. */
  private together(scope: Scope): boolean {
    if (scope === WHOLE_TARGET || this.pace(WHOLE_TARGET).learned !== undefined) return true;
    const since = Date.now() - TOGETHER_MS;
    for (const other of this.scopes.values()) {
      if (other.scope === scope || other.scope === WHOLE_TARGET) continue;
      this.heedOthers(other);
      if (other.limitedAtEpoch >= since) return true;
    }
    return false;
  }

  /**
   * The target answered 429 to a request of `scope` and asks for `waitMs`: every caller of the scope waits
   * that long (of every scope, when the limit is the whole target's), and the first 429 of a burst (not each
   * of the requests that were in flight with it) sets the scope's pace.
   */
  limited(waitMs: number, now = performance.now(), scope: Scope = WHOLE_TARGET): void {
    this.seen.limited++;
    const own = this.pace(scope);
    own.limitedAtEpoch = Date.now();
    const together = this.together(scope);
    if (together) this.dropFamilyPaces();
    const pace = together ? this.pace(WHOLE_TARGET) : own;
    const until = now + waitMs;
    pace.holdUntil = Math.max(pace.holdUntil, until);
    pace.nextSlot = Math.max(pace.nextSlot, pace.holdUntil);
    if (now - pace.lastLimited > Math.max(waitMs, 1000)) {
      const share = this.shareNow();
      const paced = pace.learned !== undefined || this.floorMs > 0;
      const mine = pace.sent.filter((t) => t >= now - 1000).length;
      // The rate the run met the limit at, no more than its pace: what this worker let go in the second before,
      // over its share of the run, and no less than what all the workers let go.
      const runSent = Math.max(mine / share, this.senders?.runRecent(mine, pace.scope) ?? 0);
      const runMetAt = Math.max(1, Math.min(this.rateOf(pace.scope) / share, runSent));
      if (paced) pace.ceiling = Math.min(pace.ceiling, runMetAt);
      pace.learned = paced ? pace.ceiling * AFTER_CEILING : runMetAt / 2;
      const ceiling = Number.isFinite(pace.ceiling) ? { ceiling: pace.ceiling } : {};
      const named = pace.scope === WHOLE_TARGET ? {} : { scope: pace.scope };
      const hold = { until: Date.now() + (pace.holdUntil - now), rate: pace.learned, at: Date.now() };
      this.senders?.held({ ...hold, ...ceiling, ...named });
    }
    pace.lastLimited = now;
  }

  /**
   * An answer in `scope` that was not a 429, `answerMs` after it was sent: after QUIET_MS of them the
   * learned paces it went at go up a step, and its answer time is what the scope's lanes follow.
   */
  served(now = performance.now(), scope: Scope = WHOLE_TARGET, answerMs?: number): void {
    if (answerMs !== undefined) {
      const own = this.pace(scope);
      own.latencyMs =
        own.latencyMs === undefined ? answerMs : own.latencyMs + LATENCY_WEIGHT * (answerMs - own.latencyMs);
      this.admit();
    }
    for (const pace of this.pacesOf(scope)) this.raise(pace, now);
  }

  private raise(pace: ScopePace, now: number): void {
    if (pace.learned === undefined) return;
    if (now - pace.lastLimited < QUIET_MS || now - pace.lastRaised < QUIET_MS) return;
    const cap = pace.ceiling * CEILING_SHARE;
    if (pace.learned >= cap) return;
    pace.lastRaised = now;
    const searching = pace.ceiling === Infinity;
    pace.learned = Math.min(cap, Math.max(pace.learned + 1, searching ? pace.learned * SEARCH_STEP : 0));
  }
}

/** The share of the run one worker process is: 1 / its workers and shards (they all run at once). */
export function workerShare(workers: number, shards = 1): number {
  return 1 / Math.max(1, workers) / Math.max(1, shards);
}
