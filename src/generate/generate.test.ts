import { expect, test } from '../testing/fixtures.js';
import fc from 'fast-check';
import { luhnValid } from '../checks/tokenize/card-number.js';
import { routingNumberValid } from '../catalogue/routing-numbers.js';
import { describeExchange } from '../evidence/describe-exchange.js';
import type { Exchange } from '../transport/exchange.js';
import { Redactor } from '../evidence/redact.js';
import { statedFormat } from '../catalogue/stated-formats.js';
import { TEST_CARDS } from '../catalogue/test-cards.js';
import { authHeader, buildAuthHeader, describeAuthHeader, expectationOf } from './authorization.js';
import { generatedCardNumber, publishedCardNumber } from './card-numbers.js';
import { propertyCheck } from './check.js';
import {
  malformedClientIp,
  malformedExpDate,
  malformedTrNumber,
  wellFormedClientIp,
  wellFormedExpDate,
  wellFormedTrNumber,
} from './formats.js';
import { nameValueList } from './name-value-list.js';
import { runProperty } from './property.js';
import { ensureRunSeed, generatedRuns, propertySeed } from './settings.js';
import { TestRecorder } from '../evidence/test-record.js';

/** A worker's share of PG_IN_FLIGHT, as the fixture gives it. */
const LANES = 4;

const sample = <T>(arbitrary: fc.Arbitrary<T>, n = 100) => fc.sample(arbitrary, { numRuns: n, seed: 42 });

test('echo_fields strings always hold a JSON array of single-key objects, some of them empty, some over 1 KB', () => {
  const values = sample(nameValueList());
  for (const v of values) {
    const parsed: unknown = JSON.parse(v);
    expect(
      Array.isArray(parsed) && parsed.every((o) => o && typeof o === 'object' && Object.keys(o).length === 1),
      v,
    ).toBe(true);
  }
  expect(values.some((v) => (JSON.parse(v) as unknown[]).length === 0)).toBe(true);
  expect(values.some((v) => v.length > 1024)).toBe(true);
});

test('generated card numbers are Luhn-valid, 13 to 19 digits; real targets get published test numbers only', () => {
  for (const n of sample(generatedCardNumber)) expect(luhnValid(n) && n.length >= 13 && n.length <= 19, n).toBe(true);
  const published = new Set<string>(TEST_CARDS.map((c) => c.number));
  for (const n of sample(publishedCardNumber)) expect(published.has(n)).toBe(true);
});

test("malformed formats never fit the spec's schema of the field; well-formed ones always do", () => {
  const formats = [
    [statedFormat('TOK-10', 'TokenizeRequest', 'exp_date'), malformedExpDate, wellFormedExpDate()],
    [statedFormat('TOK-10', 'TokenizeRequest', 'tr_number'), malformedTrNumber, wellFormedTrNumber('mock')],
    [statedFormat('APP-1', 'TokenizeRequest', 'client_ip'), malformedClientIp, wellFormedClientIp],
  ] as const;
  for (const [format, malformed, wellFormed] of formats) {
    expect(sample(malformed).filter((v) => format.fits(v))).toEqual([]);
    expect(sample(wellFormed).filter((v) => !format.fits(v))).toEqual([]);
  }
  expect(statedFormat('TOK-10', 'TokenizeRequest', 'tr_number').fits(sample(wellFormedTrNumber('sandbox'), 1)[0])).toBe(
    true,
  );
});

test('generated routing numbers carry the ABA check digit on every target', () => {
  for (const target of ['mock', 'sandbox', 'production']) {
    const drawn = sample(wellFormedTrNumber(target), 200);
    expect(
      drawn.filter((n) => !routingNumberValid(n)),
      target,
    ).toEqual([]);
  }
  // Drawn, not one constant, on the mock: every digit place varies.
  expect(new Set(sample(wellFormedTrNumber('mock'), 200)).size).toBeGreaterThan(150);
});

test('only the exact section 5 header must be accepted; the open forms are left open, never judged', () => {
  const exact = { scheme: 'Basic', spacing: 'one space', credential: 'section 5 token', encoding: 'Base 64' } as const;
  expect(expectationOf(exact)).toEqual({ kind: 'accept', rule: 'AUTH-2' });
  expect(buildAuthHeader(exact, 'm', 'key')).toBe(`Basic ${Buffer.from(':key').toString('base64')}`);
  expect(expectationOf({ ...exact, scheme: 'Bearer' })).toEqual({ kind: 'reject', rule: 'AUTH-4' });
  expect(expectationOf({ ...exact, credential: 'another key' })).toEqual({ kind: 'reject', rule: 'AUTH-3' });
  expect(expectationOf({ ...exact, credential: 'empty key' })).toEqual({ kind: 'reject', rule: 'AUTH-3' });
  expect(buildAuthHeader({ ...exact, credential: 'empty key' }, 'm', 'key')).toBe('Basic Og==');
  expect(expectationOf({ ...exact, credential: 'key without the colon' }).kind).toBe('open');
  expect(expectationOf({ ...exact, credential: 'merchant ID as user part' }).kind).toBe('open');
  expect(new Set(sample(authHeader).map((h) => expectationOf(h).kind))).toEqual(new Set(['accept', 'reject', 'open']));
});

test('a run seed is chosen once and kept; PG_GENERATED_RUNS bounds each property', () => {
  const env: NodeJS.ProcessEnv = {};
  const seed = ensureRunSeed(env);
  expect(ensureRunSeed(env)).toBe(seed);
  expect(generatedRuns({})).toBe(25);
  expect(generatedRuns({ PG_GENERATED_RUNS: '7' })).toBe(7);
  expect(() => generatedRuns({ PG_GENERATED_RUNS: '0' })).toThrow(/positive integer/);
  expect(propertySeed(seed, 'a')).not.toBe(propertySeed(seed, 'b'));
});

test('each rule is its own property: a rule failing first hides no other, and each is shrunk on its own rule', async () => {
  const env = { PG_SEED: '777', PG_GENERATED_RUNS: '200' };
  // Any n over 20 breaks VAULT-4, only 40..45 break VAULT-2: shrinking VAULT-4's failure ends at 21, where
  // VAULT-2 holds, so VAULT-2 is found only by looking again.
  const judge = async (n: number) => [
    { ruleId: 'VAULT-4', problems: n > 20 ? ['short walk'] : [], expected: 'every record', exchanges: [] },
    { ruleId: 'VAULT-2', problems: n >= 40 && n <= 45 ? ['short page'] : [], expected: 'full pages', exchanges: [] },
  ];
  const outcome = await runProperty('per-rule', fc.integer({ min: 1, max: 60 }), judge, { lanes: LANES, env });
  const byRule = new Map(outcome.failures.flatMap((f) => f.judgements.map((j) => [j.ruleId, f.input] as const)));
  expect(byRule.get('VAULT-4')).toBe(21);
  expect(byRule.get('VAULT-2')).toBe(40);
  expect(outcome.runs).toBeGreaterThan(0);
});

test('inputs are judged a lane each ahead of fast-check, each once, and none after the property ends', async () => {
  const env = { PG_SEED: '4242', PG_GENERATED_RUNS: '25' };
  let inFlight = 0;
  let most = 0;
  let afterEnd = 0;
  let ended = false;
  const judged: number[] = [];
  const judge = async (n: number) => {
    if (ended) afterEnd++;
    judged.push(n);
    most = Math.max(most, ++inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    inFlight--;
    return [{ ruleId: 'TOK-9', problems: n >= 900 ? ['too large'] : [], expected: 'below 900', exchanges: [] }];
  };
  const passing = await runProperty('ahead', fc.integer({ min: 0, max: 899 }), judge, { lanes: LANES, env });
  expect(passing.runs).toBe(25);
  expect(judged).toEqual(fc.sample(fc.integer({ min: 0, max: 899 }), { seed: passing.seed, numRuns: 25 }));
  expect(most).toBe(LANES);

  judged.length = 0;
  const failing = await runProperty('ahead', fc.integer({ min: 0, max: 100_000 }), judge, { lanes: LANES, env });
  ended = true;
  await new Promise((resolve) => setImmediate(resolve));
  expect(failing.failures.map((f) => f.input)).toEqual([900]);
  expect(afterEnd).toBe(0);
  expect(inFlight).toBe(0);
});

test('a failure is shrunk to the smallest input, replays with the same seed, and is reported redacted', async () => {
  const env = { PG_SEED: '12345', PG_GENERATED_RUNS: '50' };
  const judge = async (n: number) => [
    { ruleId: 'TOK-9', problems: n >= 1000 ? [`${n} is too large`] : [], expected: 'below 1000', exchanges: [] },
  ];
  const first = await runProperty('shrinks', fc.integer({ min: 0, max: 100_000 }), judge, { lanes: LANES, env });
  const again = await runProperty('shrinks', fc.integer({ min: 0, max: 100_000 }), judge, { lanes: LANES, env });
  expect(first.failures.map((f) => f.input)).toEqual([1000]);
  expect(again.failures.map((f) => f.input)).toEqual([1000]);

  ensureRunSeed(process.env);
  const secret = '4111111111111111';
  const redactor = new Redactor(['a-secret-key']);
  const record = new TestRecorder(redactor);
  const check = propertyCheck(redactor, record, LANES);
  const failing = async () => [{ ruleId: 'TOK-8', problems: ['wrong'], expected: 'right', exchanges: [] }];
  const error = await check('redacted', fc.constant(secret), failing, (n) => `card ${n} with key a-secret-key`).catch(
    (e: Error) => e,
  );
  const shown = `${(error as Error).message}\n${JSON.stringify(record.annotation())}`;
  expect(shown).toContain('replay with PG_SEED=');
  expect(shown).not.toContain(secret);
  expect(shown).not.toContain('a-secret-key');
});

test('no generated Authorization header shows its key in a failure message, in whatever encoding it was sent', () => {
  const key = 'k3y_that_must_not_show';
  const encodings = [
    key,
    Buffer.from(`:${key}`).toString('hex'),
    Buffer.from(Buffer.from(`:${key}`).toString('base64')).toString('base64'),
    Buffer.from(`:${key}`).toString('base64').replace(/=+$/, ''),
  ];
  for (const h of sample(authHeader)) {
    const authorization = buildAuthHeader(h, 'merchant-1', key);
    const exchange: Exchange = {
      operation: 'listCustomers',
      family: 'platform',
      request: {
        method: 'GET',
        url: 'http://127.0.0.1:9/platform/vault/customer',
        headers: { authorization },
        body: undefined,
      },
      status: 401,
      headers: {},
      text: '',
      json: undefined,
      ms: 1,
    };
    const shown = describeExchange(exchange, new Redactor([key]));
    for (const e of encodings) expect(shown, describeAuthHeader(h)).not.toContain(e.slice(0, 12));
  }
});
