import { expect, test } from '../testing/fixtures.js';
import {
  AFTER_CEILING,
  CEILING_SHARE,
  MIN_RATE,
  Pacer,
  QUIET_MS,
  SEARCH_STEP,
  WHOLE_TARGET,
  type Hold,
} from './pacer.js';

test('without a rate it paces nothing until a 429', async () => {
  const pacer = new Pacer();
  const started = performance.now();
  for (let i = 0; i < 50; i++) (await pacer.slot()).release();
  expect(performance.now() - started).toBeLessThan(200);
  expect(pacer.rateOf()).toBe(Infinity);
});

test('a 429 holds every caller for its Retry-After and halves the rate that met it', async () => {
  const pacer = new Pacer();
  for (let i = 0; i < 20; i++) (await pacer.slot()).release(); // 20 requests in the last second
  const limitedAt = performance.now();
  pacer.limited(300, limitedAt);
  expect(pacer.rateOf()).toBe(10);
  const slots = [pacer.slot(), pacer.slot()];
  const { at: first, release } = await slots[0]!;
  release();
  const { at: second } = await slots[1]!;
  // Both wait out the hold; the second one its slot after it as well (10 a second).
  // `at` is the hold's end itself, limitedAt + 300: subtracting it back can come out a rounding under 300.
  expect(first).toBeGreaterThanOrEqual(limitedAt + 300);
  expect(second - first).toBeCloseTo(100, 5);
  expect(pacer.seen.limited).toBe(1);
});

test('the 429s of one burst slow the pace once, not once each', () => {
  const pacer = new Pacer();
  pacer.limited(1000, 10_000);
  const after = pacer.rateOf();
  pacer.limited(1000, 10_050);
  pacer.limited(1000, 10_100);
  expect(pacer.rateOf()).toBe(after);
  expect(pacer.seen.limited).toBe(3);
});

test('the pace creeps up after quiet spells, never above PG_MAX_RPS, never below MIN_RATE', () => {
  const learned = new Pacer();
  learned.limited(1000, 0);
  expect(learned.rateOf()).toBe(MIN_RATE); // nothing sent in the last second: the slowest pace
  learned.served(QUIET_MS - 1);
  expect(learned.rateOf()).toBe(MIN_RATE);
  learned.served(QUIET_MS + 1);
  expect(learned.rateOf()).toBe(MIN_RATE + 1);
  learned.served(QUIET_MS + 2); // not another step until another quiet spell
  expect(learned.rateOf()).toBe(MIN_RATE + 1);

  const capped = new Pacer(4);
  capped.limited(1000, 0); // PG_MAX_RPS set too high: its share met the limit, and the pace drops below it
  expect(capped.rateOf()).toBeLessThan(4);
  for (let t = 1; t < 10; t++) capped.served(t * QUIET_MS * 2);
  expect(capped.rateOf()).toBeLessThanOrEqual(4);
});

test('no more requests are in flight than its lanes, and a freed lane goes to the caller that waited longest', async () => {
  const pacer = new Pacer(undefined, 2);
  const order: number[] = [];
  const slots = [0, 1, 2, 3].map((i) => pacer.slot().then((slot) => (order.push(i), slot)));
  const [a, b] = await Promise.all(slots.slice(0, 2));
  await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual([0, 1]);
  expect(pacer.inFlight).toBe(2);
  a!.release();
  a!.release(); // a second release of the same slot frees nothing more
  const c = await slots[2]!;
  await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual([0, 1, 2]);
  expect(pacer.inFlight).toBe(2);
  b!.release();
  c.release();
  (await slots[3]!).release();
  expect(pacer.inFlight).toBe(0);
});

test("a worker's pace creeps up by its share of one request a second, so the run's creeps up by one", async () => {
  const quarter = new Pacer(undefined, 8, 0.25);
  (await quarter.slot()).release(); // one request let go: a quarter of the run's 4
  quarter.limited(1000, 0);
  quarter.served(QUIET_MS + 1);
  expect(quarter.rateOf()).toBe(MIN_RATE + 0.25);
  expect(() => new Pacer(undefined, 0)).toThrow('at least one request in flight');
});

test('a caller already waiting for its time when a 429 arrives waits out that hold too', async () => {
  const pacer = new Pacer(10); // a slot every 100 ms
  (await pacer.slot()).release();
  const waiting = pacer.slot(); // its time: 100 ms from now
  const limitedAt = performance.now();
  pacer.limited(400, limitedAt);
  const { at, release } = await waiting;
  release();
  expect(at).toBeGreaterThanOrEqual(limitedAt + 400);
});

test('a 429 met at a learned pace sets a ceiling: the pace drops below it and comes back to just under it', async () => {
  const pacer = new Pacer(undefined, 8, 1);
  pacer.limited(100, 0); // the first: nothing let go in the second before, the slowest pace
  expect(pacer.rateOf()).toBe(MIN_RATE);
  for (let t = 1; t <= 9; t++) pacer.served(t * QUIET_MS + 1); // a step: one a second, or a tenth from 10 on
  expect(pacer.rateOf()).toBeCloseTo(MIN_RATE + 9, 5);
  // One request let go in the second before the next 429: that is the rate that met it, the ceiling.
  const { at, release } = await pacer.slot();
  release();
  pacer.limited(100, at + 1);
  expect(pacer.rateOf()).toBeCloseTo(AFTER_CEILING, 5); // below the one request let go in that second
  for (let t = 1; t <= 40; t++) pacer.served(at + 1 + t * QUIET_MS + 1);
  expect(pacer.rateOf()).toBeCloseTo(CEILING_SHARE * 1, 5);
});

test("a rate learned from 429s is the run's, shared among the workers sending now", () => {
  let sending = 4;
  const pacer = new Pacer(undefined, 8, 1 / 4, {
    sending: () => {},
    count: () => sending,
    runRecent: (own) => own + 4, // the other three let go 4 requests in the second before, this one none
    held: () => {},
    lastHold: () => undefined,
  });
  pacer.limited(0, 0); // the run met the limit at 4 a second
  expect(pacer.rateOf()).toBeCloseTo(MIN_RATE, 5); // half of 4, shared by 4 workers: 0.5 each
  pacer.served(QUIET_MS + 1);
  pacer.served(2 * QUIET_MS + 2);
  expect(pacer.rateOf()).toBeCloseTo(4 / 4, 5); // the run's 2 + 2 requests a second, shared by 4
  sending = 1; // the others have ended: this worker may use the whole of it
  expect(pacer.rateOf()).toBeCloseTo(4, 5);
});

test("one worker's 429 holds the others too, and they take the run's rate it learned", async () => {
  let shared: Hold | undefined;
  const senders = {
    sending: () => {},
    count: () => 2,
    runRecent: (own: number) => own + 10, // the other worker let go 10 in the second before
    held: (h: Hold) => (shared = h),
    lastHold: () => shared,
  };
  const met = new Pacer(undefined, 8, 1 / 2, senders);
  const other = new Pacer(undefined, 8, 1 / 2, senders);
  for (let i = 0; i < 10; i++) (await met.slot()).release(); // 10 let go here too: the run met it at 20
  const limitedAt = performance.now();
  met.limited(300, limitedAt);
  const { at, release } = await other.slot();
  release();
  expect(at - limitedAt).toBeGreaterThanOrEqual(290);
  expect(other.rateOf()).toBeCloseTo(met.rateOf(), 5);
  expect(met.rateOf()).toBeCloseTo(20 / 2 / 2, 5); // half the run's 20, shared by 2
});

test('the rate that met a 429 is what the whole run let go, however unevenly its workers sent', async () => {
  // Two workers at the start of a run: this one let go 3 requests in the second before, the other 37.
  const pacer = new Pacer(undefined, 8, 1 / 2, {
    sending: () => {},
    count: () => 2,
    runRecent: (own) => own + 37,
    held: () => {},
    lastHold: () => undefined,
  });
  for (let i = 0; i < 3; i++) (await pacer.slot()).release();
  pacer.limited(1000, performance.now());
  expect(pacer.rateOf()).toBeCloseTo(40 / 2 / 2, 5); // half the run's 40, shared by 2; not half of 3 × 2
  for (let i = 1; i <= 3; i++) pacer.served(performance.now() + i * QUIET_MS + 1); // no ceiling: a tenth a spell
  expect(pacer.rateOf()).toBeCloseTo((20 * SEARCH_STEP ** 3) / 2, 5);
});

test("the ceiling a worker met goes to the run's other workers, and a 429 met under it lowers it", () => {
  let shared: Hold | undefined;
  const senders = (recent: number) => ({
    sending: () => {},
    count: () => 1,
    runRecent: () => recent,
    held: (h: Hold) => (shared = h),
    lastHold: () => shared,
  });
  const met = new Pacer(undefined, 8, 1, senders(30));
  met.limited(100, 0); // unpaced: the run's 30 halved, and no ceiling yet
  expect(shared).toEqual({ until: expect.any(Number), rate: 15, at: expect.any(Number) });
  for (let t = 1; t <= 5; t++) met.served(t * QUIET_MS + 1); // no ceiling yet: a tenth more each quiet spell
  const crept = 15 * SEARCH_STEP ** 5;
  expect(met.rateOf()).toBeCloseTo(crept, 5);
  met.limited(100, 5 * QUIET_MS + 2); // paced, under the 30 the run let go: its pace met the limit, the ceiling
  expect(shared).toEqual({
    until: expect.any(Number),
    rate: expect.any(Number),
    ceiling: expect.any(Number),
    at: expect.any(Number),
  });
  expect(shared?.ceiling).toBeCloseTo(crept, 5);
  expect(shared?.rate).toBeCloseTo(crept * AFTER_CEILING, 5);

  const other = new Pacer(undefined, 8, 1, senders(0));
  other.slot().then(({ release }) => release());
  other.served(5 * QUIET_MS + 2 + QUIET_MS);
  expect(other.rateOf()).toBeCloseTo(crept * AFTER_CEILING + 1, 5); // a ceiling is known: one a second a step
  for (let t = 2; t <= 40; t++) other.served(5 * QUIET_MS + 2 + t * QUIET_MS);
  expect(other.rateOf()).toBeCloseTo(crept * CEILING_SHARE, 5);

  const later = new Pacer(undefined, 8, 1, senders(40));
  later.slot().then(({ release }) => release()); // takes the run's pace and its ceiling
  later.limited(100, 100 * QUIET_MS); // met at that pace, though the run let go 40: the pace is the rate that met it
  expect(shared?.ceiling).toBeCloseTo(crept * AFTER_CEILING, 5);
});

test("a limit met in one family holds that family alone; met in both together, it is the whole target's", () => {
  const pacer = new Pacer();
  pacer.limited(1000, performance.now(), 'pg');
  expect(pacer.rateOf('pg')).toBeLessThan(Infinity);
  expect(pacer.rateOf('platform')).toBe(Infinity);
  expect(pacer.learnedLimits().map((l) => l.scope)).toEqual(['pg']);
  pacer.limited(1000, performance.now() + 2000, 'platform'); // within TOGETHER_MS of the first
  expect(pacer.rateOf('platform')).toBeLessThan(Infinity);
  // One limit, the whole target's: the families go at its pace alone.
  expect(pacer.learnedLimits().map((l) => l.scope)).toEqual([WHOLE_TARGET]);
});

test('a scope whose answers are slow gets the requests in flight its latency needs, within the most', () => {
  const pacer = new Pacer(undefined, 2, 1, undefined, 8);
  pacer.served(0, 'platform', 5);
  expect(pacer.lanesOf('platform')).toBe(2); // near: the run shape's lanes
  pacer.served(0, 'pg', 1200);
  expect(pacer.lanesOf('pg')).toBe(8); // 1.2 s answers: as many as the most allows
  expect(pacer.lanes).toBe(8);
  pacer.limited(1000, 0, 'pg'); // nothing sent: the slowest pace, one request every two seconds
  expect(pacer.lanesOf('pg')).toBe(2); // half a request a second for 1.2 s: never fewer than the shape's
});
