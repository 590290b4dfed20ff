import fc from 'fast-check';

/**
 * Generated inputs judged at once. Each input is a round trip or more, and on a slow link (a sandbox far
 * away) judging 25 of them one after another was most of a run's time; a few in flight, as the vault walks
 * keep their pages, overlap the waits without a burst a rate-limited sandbox would refuse (PG_MAX_RPS paces
 * them anyway). Measured on `MOCK_VARIANTS=slow-link npm run conformance` (150 ms on every answer), three
 * alternated pairs on this shared 2-core machine: 65.9 s median wall with four in flight against 85.8 s with
 * one, pair by pair 1.37× as long without (0.90 to 2.02); on the loopback mock it changes nothing measurable.
 */
export const INPUTS_IN_FLIGHT = 4;

/**
 * The inputs fast-check is about to draw (the same arbitrary and seed draw the same values, in the same
 * order), judged ahead of it a few at a time; `take` hands fast-check the judgement of the input it asks
 * for, or judges it then (a shrink candidate is never drawn ahead). `stop` starts no more (a failure was
 * found: fast-check shrinks from there, one candidate at a time); `settle` waits for those in flight, so
 * no request outlives the property.
 */
export class JudgedAhead<T, J> {
  private readonly pending = new Map<string, Promise<J>[]>();
  private readonly running: Promise<unknown>[] = [];
  private stopped = false;

  constructor(
    arbitrary: fc.Arbitrary<T>,
    private readonly judge: (input: T) => Promise<J>,
    options: { seed: number; numRuns: number },
  ) {
    const inputs = options.numRuns > 0 ? fc.sample(arbitrary, options) : [];
    let next = 0;
    const lane = async () => {
      while (!this.stopped && next < inputs.length) {
        const input = inputs[next++]!;
        const judgement = this.judge(input);
        const key = fc.stringify(input);
        this.pending.set(key, [...(this.pending.get(key) ?? []), judgement]);
        // Its failure is the taker's to handle; a judgement nobody takes must not be an unhandled rejection.
        await judgement.catch(() => undefined);
      }
    };
    for (let i = 0; i < Math.min(INPUTS_IN_FLIGHT, inputs.length); i++) this.running.push(lane());
  }

  take(input: T): Promise<J> {
    const key = fc.stringify(input);
    const queued = this.pending.get(key);
    const judgement = queued?.shift();
    if (queued && !queued.length) this.pending.delete(key);
    return judgement ?? this.judge(input);
  }

  stop(): void {
    this.stopped = true;
  }

  async settle(): Promise<void> {
    this.stop();
    await Promise.all(this.running);
  }
}
