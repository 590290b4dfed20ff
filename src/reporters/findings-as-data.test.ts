import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import type { FullConfig, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import fc from 'fast-check';
import {
  ruleAnnotation,
  type Annotation,
  RuleViolation,
  violationWording,
  failureOf,
  TestRecorder,
} from '../evidence/test-record.js';
import { Redactor } from '../evidence/redact.js';
import { propertyCheck } from '../generate/check.js';
import { freePort } from '../testing/stand-ins/free-port.js';
import { DEFAULT_RETRY, GatewayClient } from '../transport/gateway-client.js';
import type { Exchange } from '../transport/exchange.js';
import { misconfiguredWording } from '../transport/target-misconfigured.js';
import { unavailableWording } from '../transport/target-unavailable.js';
import ConformanceReporter from './conformance-reporter.js';

/**
 * Findings travel as data from the check to the report: every template a failure message is worded with is
 * rewritten, the same failures are made by the code the fixtures run (RuleViolation and failureOf, the
 * property check, a GatewayClient meeting a closed port and a redirect), and the conformance report the real
 * reporter writes stays the same, verdict, per-rule outcomes and findings alike.
 */

const KEY = 'findings_test_key_Q7';
const redactor = new Redactor([KEY], { variables: [{ name: 'PG_API_KEY', value: KEY }], sender: 'suite' });

const exchange = (url: string, json: unknown): Exchange => ({
  operation: 'tokenize',
  family: 'pg',
  request: {
    method: 'POST',
    url,
    headers: { authorization: 'Basic not-the-token', accept: 'application/json' },
    body: { merchant_id: 'm-1', card_number: '4111111111111111' },
  },
  status: 200,
  headers: { 'content-type': 'application/json' },
  text: '',
  json,
  ms: 4,
});
const tokenize = exchange('http://127.0.0.1:4010/pg/tokenize', { rcode: '000', card_number: '4111xxxxxxxx1111' });

const WORDING_TABLES: Record<string, (...args: never[]) => string>[] = [
  violationWording,
  unavailableWording,
  misconfiguredWording,
];

/** Replaces every template of every wording table with words no reader could take a rule or a class from. */
function reworded<T>(run: () => Promise<T>): Promise<T> {
  const saved = WORDING_TABLES.map((table) => ({ ...table }));
  for (const table of WORDING_TABLES)
    for (const key of Object.keys(table)) table[key] = () => `Something went wrong (${key}).`;
  return run().finally(() => WORDING_TABLES.forEach((table, i) => Object.assign(table, saved[i])));
}

type Ran = { title: string; rules: string[]; status: TestResult['status']; annotations: Annotation[]; error?: unknown };

async function ranTests(servers: { refused: string; redirecting: string }): Promise<Ran[]> {
  const ran: Ran[] = [];
  const run = async (title: string, rules: string[], body: (record: TestRecorder) => Promise<void> | void) => {
    const record = new TestRecorder(redactor);
    try {
      await body(record);
      ran.push({ title, rules, status: 'passed', annotations: [record.annotation()] });
    } catch (error) {
      ran.push({ title, rules, status: 'failed', annotations: [record.annotation()], error });
    }
  };
  const client = (baseUrl: string, record: TestRecorder) => {
    const c = new GatewayClient(
      baseUrl,
      { merchantKey: KEY, vendorKey: undefined },
      { allowWrites: false },
      (t) => redactor.text(t),
      { ...DEFAULT_RETRY, attempts: 1 },
    );
    c.onStopped = (stopped) => record.stopped(stopped);
    return c;
  };
  // The verify fixture: one failed check.
  await run('masking', ['TOK-8'], (record) => {
    throw failureOf(record, [
      new RuleViolation(
        'TOK-8',
        [`card_number hides 8 digits, key ${KEY}`],
        'first four and last six',
        [tokenize],
        redactor,
      ),
    ]);
  });
  // The gateway fixture: two checks of the answers failed in one test.
  await run('answers', ['ERR-1', 'ERR-4'], (record) => {
    const failure = failureOf(record, [
      new RuleViolation('ERR-1', ['rmsg is empty'], 'rmsg carries text', [tokenize], redactor),
      new RuleViolation('ERR-4', ['content-type text/plain'], 'application/json', [tokenize, tokenize], redactor),
    ]);
    if (failure) throw failure;
  });
  // A property: its failure carries the shrunk input and the seed that replays it.
  await run('property', ['TOK-9'], async (record) => {
    await propertyCheck(redactor, record, 1)('echo', fc.constant('[]'), async () => [
      { ruleId: 'TOK-9', problems: ['echo_fields came back changed'], expected: 'unchanged', exchanges: [tokenize] },
    ]);
  });
  await run('unreachable', ['VAULT-1'], async (record) => {
    await client(servers.refused, record).listCustomers({ count: 1 });
  });
  await run('redirected', ['VAULT-2'], async (record) => {
    await client(servers.redirecting, record).listCustomers({ count: 1 });
  });
  await run('broken test', ['VAULT-3'], () => {
    throw new Error('a test that broke, with no finding: shown by its message');
  });
  return ran;
}

function testCase(r: Ran, i: number): TestCase {
  const annotations = r.rules.map(ruleAnnotation);
  return {
    id: `t${i}`,
    title: r.title,
    titlePath: () => ['', 'spec.ts', r.title],
    location: { file: 'tests/spec.ts', line: 1, column: 1 },
    annotations,
    timeout: 30_000,
  } as unknown as TestCase;
}

function testResult(r: Ran): TestResult {
  const message = r.error instanceof Error ? `${r.error.name}: ${r.error.message}` : undefined;
  return {
    status: r.status,
    duration: 10,
    errors: message ? [{ message }] : [],
    annotations: r.annotations,
  } as unknown as TestResult;
}

/** The report of one run of those tests, and the rules the suite-power reporter counts each against. */
async function report(dir: string, servers: { refused: string; redirecting: string }) {
  const ran = await ranTests(servers);
  // A test that ran out of its time, no finding seen: the target's budget.
  ran.push({ title: 'slow', rules: ['VAULT-4'], status: 'timedOut', annotations: [] });
  const reporter = new ConformanceReporter({ outputDir: dir, quiet: true, target: 'mock' });
  reporter.onBegin({} as FullConfig, {} as Suite);
  const tests = ran.map((r, i) => [testCase(r, i), testResult(r)] as const);
  for (const [t, r] of tests) reporter.onTestEnd(t, r);
  reporter.onEnd({ status: 'failed', startTime: new Date(), duration: 1 });
  const json = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as Record<string, unknown>;
  delete json.started;
  delete json.finished;
  const messages = tests.map(([, r]) => r.errors.map((e) => e.message).join('\n'));
  return { json, messages };
}

let servers: { refused: string; redirecting: string };
let redirecting: Server;

test.beforeAll(async () => {
  redirecting = createServer((_req, res) => res.writeHead(302, { location: 'https://elsewhere.example/' }).end());
  await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', r));
  servers = {
    refused: `http://127.0.0.1:${await freePort()}`,
    redirecting: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`,
  };
});
test.afterAll(() => redirecting.close());

test('rewording every failure message changes no verdict, rule outcome or finding of the report', async ({}, testInfo) => {
  // The property's counter-example names its seed: the same one in both runs.
  const seed = process.env.PG_SEED;
  process.env.PG_SEED = '4242';
  const plain = await report(testInfo.outputPath('plain'), servers);
  const other = await reworded(() => report(testInfo.outputPath('reworded'), servers)).finally(() => {
    if (seed === undefined) delete process.env.PG_SEED;
    else process.env.PG_SEED = seed;
  });

  // The rewording reached every failure made from a template, and no message of the second run says a rule.
  expect(other.messages.slice(0, 5).every((m, i) => m !== plain.messages[i])).toBe(true);
  expect(other.messages.join('\n')).not.toMatch(/[A-Z]+-[0-9]+|TARGET UNAVAILABLE|CONFIGURATION ERROR/);

  expect(other.json).toEqual(plain.json);

  // What the report holds is the data, not an empty agreement.
  const rules = plain.json.rules as { id: string; status: string; tests: { failures?: unknown[] }[] }[];
  const status = Object.fromEntries(rules.map((r) => [r.id, r.status]));
  expect(plain.json.verdict).toBe('NON-CONFORMANT');
  expect(status).toMatchObject({
    'TOK-8': 'failed',
    'ERR-1': 'failed',
    'ERR-4': 'failed',
    'TOK-9': 'failed',
    'VAULT-1': 'target unavailable',
    'VAULT-2': 'skipped',
    'VAULT-3': 'failed',
    'VAULT-4': 'target unavailable',
  });
  expect(plain.json.configuration).toEqual([expect.stringContaining('PG_BASE_URL is not where the operations')]);
  expect(plain.json.unavailable).toEqual([
    expect.stringContaining('GET /platform/vault/customer: connection refused'),
    expect.stringContaining('ran out of its 30 s time-out'),
  ]);
  const tok8 = rules.find((r) => r.id === 'TOK-8')!.tests[0]!.failures;
  expect(tok8).toEqual([
    {
      ruleId: 'TOK-8',
      operations: ['tokenize'],
      expected: 'first four and last six',
      found: expect.stringMatching(/^card_number hides 8 digits, key (?!.*findings_test_key)/),
      exchanges: [
        expect.stringMatching(/^Sent: POST http:\/\/127\.0\.0\.1:4010\/pg\/tokenize\n[\s\S]*Received: HTTP 200/),
      ],
      reproduce: [expect.stringContaining('curl')],
    },
  ]);
  expect(rules.find((r) => r.id === 'ERR-4')!.tests[0]!.failures).toHaveLength(1);
});
