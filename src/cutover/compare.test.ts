import { expect, test } from '../testing/fixtures.js';
import type { ConformanceJson, RuleJson } from '../reporters/model/read-report.js';
import type { EndpointReport } from '../webhook-check/findings.js';
import { CONFIGURATION_SKIPS, TARGET_SKIPS } from '../config/configuration-skips.js';
import { compareCutover, feltDifferences } from './compare.js';
import { cutoverHtml, cutoverMarkdown, cutoverOutcome, cutoverReport } from './report.js';

type Obs = { kind: string; subject?: string; value: string | number };
const passed = (title = 't') => ({ title, outcome: 'passed' });
const rule = (id: string, status: string, over: Partial<RuleJson> = {}): RuleJson => ({
  id,
  rule: `${id} wording`,
  check: 'black-box',
  status,
  tests: [passed()],
  observations: [],
  ...over,
});
const withObs = (observations: Obs[]) => observations.map((o) => ({ ...o, text: `${o.kind} ${o.value}` }));
const run = (target: string, verdict: string, rules: RuleJson[]): ConformanceJson => ({
  target,
  started: `${target}-start`,
  finished: 'end',
  verdict,
  rules,
});
const PASSING_ENDPOINT: EndpointReport = {
  url: 'https://merchant.example/hook',
  ok: true,
  findings: [{ check: 'post', status: 'pass', message: 'JSON POST answered 200 OK' }],
};

const READ_ONLY = CONFIGURATION_SKIPS.writes.reason;
const readOnlySkip = { title: 'tokenize', outcome: 'skipped', note: READ_ONLY };
const byDesignSkip = {
  title: 'unknown webhook',
  outcome: 'skipped',
  note: TARGET_SKIPS.unknownWebhookInProduction.reason,
};
const neverCalled = (operation: string, skip: { reason: string }) => ({
  operation,
  reason: `never called to do its work, as ${skip.reason}`,
});

const authStatus = (subject: string, value: number) => ({ kind: 'http-status-of-auth-failure', subject, value });
const skippedFor = (reason: string) => ({ tests: [{ title: 't', outcome: 'skipped', note: reason }] });

test('a read-only production alike the sandbox is not a sign-off: exit 4, naming what was never called there and what to set', () => {
  const sandbox = run('sandbox', 'CONFORMANT', [
    rule('AUTH-7', 'passed', {
      observations: withObs([authStatus('listCustomers', 401), authStatus('tokenize', 401)]),
    }),
    rule('TOK-8', 'passed'),
  ]);
  const production = {
    ...run('production', 'NOT FULLY EXERCISED', [
      rule('AUTH-7', 'passed', {
        tests: [passed(), readOnlySkip],
        observations: withObs([authStatus('listCustomers', 401)]),
      }),
      rule('TOK-8', 'skipped', { tests: [readOnlySkip] }),
    ]),
    operationsNotServed: [
      neverCalled('tokenize', CONFIGURATION_SKIPS.writes),
      neverCalled('disableWebhook', CONFIGURATION_SKIPS.writes),
    ],
  };
  const c = compareCutover(sandbox, production, 'sandbox/conformance.json');
  expect(feltDifferences(c)).toEqual([]);
  expect(c.notExercised).toEqual([
    { rule: 'TOK-8', sandbox: 'passed', production: 'skipped', why: READ_ONLY, set: ['PG_ALLOW_WRITES=1'] },
  ]);
  expect(c.notes.join('\n')).toContain(
    'AUTH-7 http-status-of-auth-failure (tokenize) was seen on the sandbox only (401); not compared',
  );
  const outcome = cutoverOutcome(c, PASSING_ENDPOINT);
  expect(outcome.code).toBe(4);
  expect(outcome.headline).toBe(
    'NOT FULLY EXERCISED ON PRODUCTION: tokenize and disableWebhook never called there; 1 rule the sandbox run signed off ' +
      'not exercised there (set PG_ALLOW_WRITES=1); no difference seen in what both checked, but no sign-off for the rest',
  );
  expect(outcome.problems).toEqual([
    `tokenize was never called on production: never called to do its work, as ${READ_ONLY}`,
    `disableWebhook was never called on production: never called to do its work, as ${READ_ONLY}`,
    `TOK-8 passed on the sandbox and is skipped on production: ${READ_ONLY}`,
  ]);
  expect(cutoverMarkdown(cutoverReport(c, PASSING_ENDPOINT, outcome, 'reports/production'))).toContain(
    '## Not signed off',
  );
  const page = cutoverHtml(cutoverReport(c, PASSING_ENDPOINT, outcome, 'reports/production'));
  expect(page).toContain('<p class="verdict unavail">NOT FULLY EXERCISED ON PRODUCTION');
});

const designSkipped = rule('HOOK-1', 'skipped', { tests: [byDesignSkip] });
type SignOffCase = {
  name: string;
  production: RuleJson;
  operations?: { operation: string; reason: string }[];
  code: number;
  set?: string;
};
const SIGN_OFF_CASES: SignOffCase[] = [
  { name: 'exercised and passed on production', production: rule('HOOK-1', 'passed'), code: 0 },
  {
    name: 'skipped on production for want of PG_WEBHOOK_ID',
    production: rule('HOOK-1', 'skipped', skippedFor(CONFIGURATION_SKIPS.webhook.reason)),
    code: 4,
    set: 'PG_WEBHOOK_ID',
  },
  {
    name: 'skipped on production for want of vendor credentials',
    production: rule('HOOK-1', 'skipped', skippedFor(CONFIGURATION_SKIPS.vendor.reason)),
    code: 4,
    set: 'PG_VENDOR_ID and PG_VENDOR_API_KEY',
  },
  {
    name: 'not exercised on production (its data)',
    production: rule('HOOK-1', 'not exercised', { notExercised: ['no card'] }),
    code: 4,
  },
  { name: 'unjudgeable on production by design (no variable lifts its skip)', production: designSkipped, code: 0 },
  {
    name: 'not checkable on production (the control API)',
    production: rule('HOOK-1', 'not checkable on this target'),
    code: 0,
  },
  {
    name: 'passed on production, but disable was never called there',
    production: rule('HOOK-1', 'passed'),
    operations: [neverCalled('disableWebhook', CONFIGURATION_SKIPS.webhook)],
    code: 4,
    set: 'PG_WEBHOOK_ID',
  },
];

for (const { name, production, operations, code, set } of SIGN_OFF_CASES) {
  test(`a rule the sandbox run signed off, ${name}: exit ${code}`, () => {
    const sandbox = run('sandbox', 'CONFORMANT', [rule('HOOK-1', 'passed')]);
    const verdict = code === 0 ? 'CONFORMANT' : 'NOT FULLY EXERCISED';
    const productionRun = { ...run('production', verdict, [production]), operationsNotServed: operations };
    const outcome = cutoverOutcome(compareCutover(sandbox, productionRun, 's.json'), PASSING_ENDPOINT);
    expect(outcome.code, outcome.headline).toBe(code);
    expect(outcome.headline).toMatch(code === 0 ? /^READY: / : /^NOT FULLY EXERCISED ON PRODUCTION: /);
    if (set) expect(outcome.headline).toContain(`(set ${set})`);
  });
}

test('READY lists what production cannot judge by design, and an operation the sandbox never had served is no gap', () => {
  const disableNeverCalled = [neverCalled('disableWebhook', CONFIGURATION_SKIPS.webhook)];
  const sandbox = {
    ...run('sandbox', 'NOT FULLY EXERCISED', [rule('HOOK-2', 'passed'), rule('AUTH-5', 'skipped')]),
    operationsNotServed: disableNeverCalled,
  };
  const production = {
    ...run('production', 'CONFORMANT', [
      rule('HOOK-2', 'skipped', { tests: [byDesignSkip] }),
      rule('AUTH-5', 'passed'),
    ]),
    operationsNotServed: disableNeverCalled,
  };
  const c = compareCutover(sandbox, production, 's.json');
  expect(c.unjudgeableOnProduction).toEqual([
    { rule: 'HOOK-2', sandbox: 'passed', production: 'skipped', why: TARGET_SKIPS.unknownWebhookInProduction.reason },
  ]);
  expect(c.operationsNotServed).toEqual([]);
  const outcome = cutoverOutcome(c, PASSING_ENDPOINT);
  expect(outcome.code).toBe(0);
  expect(outcome.headline).toContain('HOOK-2 cannot be judged on production by design (listed)');
  expect(cutoverMarkdown(cutoverReport(c, PASSING_ENDPOINT, outcome, 'p'))).toContain(
    '## Unjudgeable on production by design',
  );
});

test('differences outrank an unavailable production, which outranks a production not fully exercised', () => {
  const sandbox = run('sandbox', 'CONFORMANT', [rule('VAULT-3', 'passed'), rule('TOK-8', 'passed')]);
  const reset = { tests: [{ title: 't', outcome: 'unavailable', note: 'reset' }] };
  const unavailable = run('production', 'TARGET UNAVAILABLE', [
    rule('VAULT-3', 'passed'),
    rule('TOK-8', 'target unavailable', reset),
  ]);
  expect(cutoverOutcome(compareCutover(sandbox, unavailable, 's.json'), PASSING_ENDPOINT).code).toBe(3);
  const failing = run('production', 'NON-CONFORMANT', [
    rule('VAULT-3', 'failed'),
    rule('TOK-8', 'skipped', { tests: [readOnlySkip] }),
  ]);
  expect(cutoverOutcome(compareCutover(sandbox, failing, 's.json'), PASSING_ENDPOINT).code).toBe(1);
});

test('another status on failures and a rule that fails only on production are each a difference in plain words', () => {
  const sandbox = run('sandbox', 'CONFORMANT', [
    rule('AUTH-7', 'passed', {
      observations: withObs([{ kind: 'http-status-of-auth-failure', subject: 'listCustomers', value: 401 }]),
    }),
    rule('VAULT-3', 'passed'),
  ]);
  const production = run('production', 'NON-CONFORMANT', [
    rule('AUTH-7', 'passed', {
      observations: withObs([{ kind: 'http-status-of-auth-failure', subject: 'listCustomers', value: 403 }]),
    }),
    rule('VAULT-3', 'failed', { tests: [{ title: 't', outcome: 'failed' }] }),
  ]);
  const c = compareCutover(sandbox, production, 's.json');
  expect(feltDifferences(c).map((d) => d.sentence)).toEqual([
    'VAULT-3 fails on production and passed on the sandbox: VAULT-3 wording',
    'AUTH-7 http-status-of-auth-failure (listCustomers): the sandbox showed 401, production shows 403',
  ]);
  const outcome = cutoverOutcome(c, PASSING_ENDPOINT);
  expect(outcome.code).toBe(1);
  expect(outcome.headline).toBe('NOT READY: 2 differences to resolve before the move');
  const md = cutoverMarkdown(cutoverReport(c, PASSING_ENDPOINT, outcome, 'reports/production'));
  expect(md).toContain('1. VAULT-3 fails on production and passed on the sandbox');
  expect(md).toContain(
    '2. AUTH-7 http-status-of-auth-failure (listCustomers): the sandbox showed 401, production shows 403',
  );
  const page = cutoverHtml(cutoverReport(c, PASSING_ENDPOINT, outcome, 'reports/production'));
  expect(page).toContain('<p class="verdict fail">NOT READY: 2 differences to resolve before the move</p>');
  expect(page.indexOf('To resolve')).toBeLessThan(page.indexOf('Webhook endpoint</h2>'));
  expect(page).not.toMatch(/<script|https?:\/\/(?!merchant\.example)/);
});

test('a behaviour seen on one side only is a difference when its rule ran through on both (a page-size limit production has)', () => {
  const sandbox = run('sandbox', 'CONFORMANT', [rule('VAULT-2', 'passed')]);
  const production = run('production', 'CONFORMANT', [
    rule('VAULT-2', 'passed', { observations: withObs([{ kind: 'refused-count', value: 1000 }]) }),
  ]);
  expect(feltDifferences(compareCutover(sandbox, production, 's.json')).map((d) => d.sentence)).toEqual([
    'VAULT-2 refused-count: production shows 1000, which the sandbox never showed',
  ]);
  const stopped = run('production', 'NON-CONFORMANT', [
    rule('VAULT-2', 'passed', {
      tests: [{ title: 't', outcome: 'passed', note: 'test failed on another rule' }],
      observations: withObs([{ kind: 'refused-count', value: 1000 }]),
    }),
  ]);
  expect(feltDifferences(compareCutover(sandbox, stopped, 's.json'))).toEqual([]);
});

test("the data's size, rules failing on both and a failing webhook endpoint are told apart", () => {
  const sandbox = run('sandbox', 'NON-CONFORMANT', [
    rule('VAULT-4', 'passed', {
      observations: withObs([{ kind: 'walk-truncated', value: 'first 60 pages at count=1' }]),
    }),
    rule('ERR-2', 'failed'),
  ]);
  const production = run('production', 'NON-CONFORMANT', [rule('VAULT-4', 'passed'), rule('ERR-2', 'failed')]);
  const c = compareCutover(sandbox, production, 's.json');
  expect(feltDifferences(c)).toEqual([]);
  expect(c.failingOnBoth).toEqual(['ERR-2']);
  expect(c.notes.join('\n')).toContain('walk-truncated is about the data, not the gateway');
  expect(c.notes.join('\n')).toContain('The sandbox run was NON-CONFORMANT, not CONFORMANT');
  const failing: EndpointReport = {
    url: 'https://merchant.example/hook',
    ok: false,
    findings: [{ check: 'tls', status: 'fail', code: 'CERT_HAS_EXPIRED', message: 'the certificate expired' }],
  };
  const outcome = cutoverOutcome(c, failing);
  expect(outcome.code).toBe(1);
  expect(outcome.problems).toEqual([
    'The webhook endpoint https://merchant.example/hook fails: tls: the certificate expired',
  ]);
  expect(cutoverOutcome(c, PASSING_ENDPOINT).headline).toContain('ERR-2 fail on both');
});

test('a production that could not be reached, with no difference seen, is unavailable, not ready', () => {
  const sandbox = run('sandbox', 'CONFORMANT', [rule('VAULT-1', 'passed')]);
  const production = run('production', 'TARGET UNAVAILABLE', [
    rule('VAULT-1', 'target unavailable', {
      tests: [{ title: 't', outcome: 'unavailable', note: 'connection refused' }],
    }),
  ]);
  const c = compareCutover(sandbox, production, 's.json');
  expect(c.notExercised).toEqual([
    { rule: 'VAULT-1', sandbox: 'passed', production: 'target unavailable', why: 'connection refused' },
  ]);
  expect(cutoverOutcome(c, PASSING_ENDPOINT).code).toBe(3);
});
