import fc from 'fast-check';

/**
 * The inputs fast-check is about to draw (the same arbitrary and seed draw the same values, in the same
 * order), judged ahead of it, `lanes` at a time (the requests the worker may have in flight, PG_IN_FLIGHT:
 * each input is a round trip or more, and on a slow link judging 25 of them one after another was most of a
 * run's time); `take` hands fast-check the judgement of the input it asks for, or judges it then (a shrink
 * candidate is never drawn ahead). `stop` starts no more (a failure was
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
    options: { seed: number; numRuns: number; lanes: number },
  ) {
    const inputs = options.numRuns > 0 ? fc.sample(arbitrary, { seed: options.seed, numRuns: options.numRuns }) : [];
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
    for (let i = 0; i < Math.min(options.lanes, inputs.length); i++) this.running.push(lane());
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
