import { expect, test } from '@playwright/test';
import type { ConformanceJson, RuleJson } from '../reporters/report-json.js';
import type { EndpointReport } from '../webhook-check/findings.js';
import { compareCutover, feltDifferences } from './compare.js';
import { cutoverHtml, cutoverMarkdown, cutoverOutcome } from './report.js';

type Obs = { kind: string; subject?: string; value: string | number };
const passed = (title = 't') => ({ title, outcome: 'passed' });
const rule = (id: string, status: string, over: Partial<RuleJson> = {}): RuleJson => ({ id, rule: `${id} wording`, check: 'black-box', status, tests: [passed()], observations: [], ...over });
const withObs = (observations: Obs[]) => observations.map((o) => ({ ...o, text: `${o.kind} ${o.value}` }));
const run = (target: string, verdict: string, rules: RuleJson[]): ConformanceJson => ({ target, started: `${target}-start`, finished: 'end', verdict, rules });
const PASSING_ENDPOINT: EndpointReport = { url: 'https://merchant.example/hook', ok: true, findings: [{ check: 'post', status: 'pass', message: 'JSON POST answered 200 OK' }] };

test('production alike the sandbox in what it could check read-only is ready, with what it skipped listed apart', () => {
  const readOnlySkip = { title: 'tokenize', outcome: 'skipped', note: 'writes to production need PG_ALLOW_WRITES=1' };
  const sandbox = run('sandbox', 'CONFORMANT', [rule('AUTH-7', 'passed', { observations: withObs([{ kind: 'http-status-of-auth-failure', subject: 'listCustomers', value: 401 }, { kind: 'http-status-of-auth-failure', subject: 'tokenize', value: 401 }]) }), rule('TOK-8', 'passed')]);
  const production = run('production', 'CONFORMANT', [
    rule('AUTH-7', 'passed', { tests: [passed(), readOnlySkip], observations: withObs([{ kind: 'http-status-of-auth-failure', subject: 'listCustomers', value: 401 }]) }),
    rule('TOK-8', 'skipped', { tests: [readOnlySkip] }),
  ]);
  const c = compareCutover(sandbox, production, 'sandbox/conformance.json');
  expect(feltDifferences(c)).toEqual([]);
  expect(c.notExercised).toEqual([{ rule: 'TOK-8', sandbox: 'passed', production: 'skipped', why: 'writes to production need PG_ALLOW_WRITES=1' }]);
  expect(c.notes.join('\n')).toContain('AUTH-7 http-status-of-auth-failure (tokenize) was seen on the sandbox only (401); not compared');
  const outcome = cutoverOutcome(c, PASSING_ENDPOINT);
  expect(outcome.code).toBe(0);
  expect(outcome.headline).toMatch(/^READY: /);
});

test('another status on failures and a rule that fails only on production are each a difference in plain words', () => {
  const sandbox = run('sandbox', 'CONFORMANT', [rule('AUTH-7', 'passed', { observations: withObs([{ kind: 'http-status-of-auth-failure', subject: 'listCustomers', value: 401 }]) }), rule('VAULT-3', 'passed')]);
  const production = run('production', 'NON-CONFORMANT', [rule('AUTH-7', 'passed', { observations: withObs([{ kind: 'http-status-of-auth-failure', subject: 'listCustomers', value: 403 }]) }), rule('VAULT-3', 'failed', { tests: [{ title: 't', outcome: 'failed' }] })]);
  const c = compareCutover(sandbox, production, 's.json');
  expect(feltDifferences(c).map((d) => d.sentence)).toEqual([
    'VAULT-3 fails on production and passed on the sandbox: VAULT-3 wording',
    'AUTH-7 http-status-of-auth-failure (listCustomers): the sandbox showed 401, production shows 403',
  ]);
  const outcome = cutoverOutcome(c, PASSING_ENDPOINT);
  expect(outcome.code).toBe(1);
  expect(outcome.headline).toBe('NOT READY: 2 differences to resolve before the move');
  const md = cutoverMarkdown(c, PASSING_ENDPOINT, outcome, 'reports/production');
  expect(md).toContain('1. VAULT-3 fails on production and passed on the sandbox');
  expect(md).toContain('2. AUTH-7 http-status-of-auth-failure (listCustomers): the sandbox showed 401, production shows 403');
  const page = cutoverHtml(c, PASSING_ENDPOINT, outcome, 'reports/production');
  expect(page).toContain('<p class="verdict fail">NOT READY: 2 differences to resolve before the move</p>');
  expect(page.indexOf('To resolve')).toBeLessThan(page.indexOf('Webhook endpoint</h2>'));
  expect(page).not.toMatch(/<script|https?:\/\/(?!merchant\.example)/);
});

test('a behaviour seen on one side only is a difference when its rule ran through on both (a page-size limit production has)', () => {
  const sandbox = run('sandbox', 'CONFORMANT', [rule('VAULT-2', 'passed')]);
  const production = run('production', 'CONFORMANT', [rule('VAULT-2', 'passed', { observations: withObs([{ kind: 'refused-count', value: 1000 }]) })]);
  expect(feltDifferences(compareCutover(sandbox, production, 's.json')).map((d) => d.sentence)).toEqual(['VAULT-2 refused-count: production shows 1000, which the sandbox never showed']);
  const stopped = run('production', 'NON-CONFORMANT', [rule('VAULT-2', 'passed', { tests: [{ title: 't', outcome: 'passed', note: 'test failed on another rule' }], observations: withObs([{ kind: 'refused-count', value: 1000 }]) })]);
  expect(feltDifferences(compareCutover(sandbox, stopped, 's.json'))).toEqual([]);
});

test('the data\'s size, rules failing on both and a failing webhook endpoint are told apart', () => {
  const sandbox = run('sandbox', 'NON-CONFORMANT', [rule('VAULT-4', 'passed', { observations: withObs([{ kind: 'walk-truncated', value: 'first 60 pages at count=1' }]) }), rule('ERR-2', 'failed')]);
  const production = run('production', 'NON-CONFORMANT', [rule('VAULT-4', 'passed'), rule('ERR-2', 'failed')]);
  const c = compareCutover(sandbox, production, 's.json');
  expect(feltDifferences(c)).toEqual([]);
  expect(c.failingOnBoth).toEqual(['ERR-2']);
  expect(c.notes.join('\n')).toContain('walk-truncated is about the data, not the gateway');
  expect(c.notes.join('\n')).toContain('The sandbox run was NON-CONFORMANT, not CONFORMANT');
  const failing: EndpointReport = { url: 'https://merchant.example/hook', ok: false, findings: [{ check: 'tls', status: 'fail', code: 'CERT_HAS_EXPIRED', message: 'the certificate expired' }] };
  const outcome = cutoverOutcome(c, failing);
  expect(outcome.code).toBe(1);
  expect(outcome.problems).toEqual(['The webhook endpoint https://merchant.example/hook fails: tls: the certificate expired']);
  expect(cutoverOutcome(c, PASSING_ENDPOINT).headline).toContain('ERR-2 fail on both');
});

test('a production that could not be reached, with no difference seen, is unavailable, not ready', () => {
  const sandbox = run('sandbox', 'CONFORMANT', [rule('VAULT-1', 'passed')]);
  const production = run('production', 'TARGET UNAVAILABLE', [rule('VAULT-1', 'target unavailable', { tests: [{ title: 't', outcome: 'unavailable', note: 'connection refused' }] })]);
  const c = compareCutover(sandbox, production, 's.json');
  expect(c.notExercised).toEqual([{ rule: 'VAULT-1', sandbox: 'passed', production: 'target unavailable', why: 'connection refused' }]);
  expect(cutoverOutcome(c, PASSING_ENDPOINT).code).toBe(3);
});
