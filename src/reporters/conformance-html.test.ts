import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, expect, test } from '@playwright/test';
import { loadRules } from '../contract/rules.js';
import { ruleOutcomes, verdictOf, type TestRecord } from './rule-outcomes.js';
import { countBy, writeConformance } from './write-conformance.js';

/** Debian's package, not a Playwright download: the page must open in a real browser as users have it. */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** A run over the real catalogue with every kind of outcome: failed, skipped, not exercised, the rest passed. */
function writeRun(dir: string, baseline?: string): void {
  const rules = loadRules();
  const records: TestRecord[] = rules.map((r, i) => ({
    id: `test-${i}`,
    title: `${r.id}: its check <em>with markup</em>`,
    file: 'tests/x.spec.ts',
    rules: [r.id],
    violated: i === 0 ? [r.id] : [],
    outcome: i === 0 ? 'failed' : i === 1 ? 'skipped' : 'passed',
    skipReason: i === 1 ? 'needs PG_VENDOR_ID' : undefined,
    judged: i >= 3 ? [{ ruleId: r.id, count: 2, what: 'answers' }] : [],
    notExercised: i === 2 ? [{ ruleId: r.id, reason: 'the vault holds no billing cards' }] : [],
    observations: i === 2 ? [{ ruleId: r.id, kind: 'http-status-of-auth-failure', subject: 'tokenize', value: 403, text: 'tokenize answered HTTP 403' }] : [],
  }));
  const outcomes = ruleOutcomes(rules, records, 'mock');
  const now = new Date().toISOString();
  writeConformance(dir, { target: 'mock', started: now, finished: now, runStatus: 'failed', verdict: verdictOf(outcomes), counts: countBy(outcomes), unavailable: [], outcomes, baseline });
}

test('conformance.html is one page that needs nothing else: no script, no stylesheet or image to fetch', async ({}, testInfo) => {
  const dir = testInfo.outputPath('run');
  writeRun(dir);
  const html = readFileSync(join(dir, 'conformance.html'), 'utf8');
  expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
  expect(html).not.toContain('<em>'); // titles are escaped, not markup
});

test('conformance.html opens in headless Chromium and shows the verdict, every rule coloured by outcome, test links and the drift', async ({}, testInfo) => {
  test.skip(!existsSync(CHROMIUM), `needs Debian's chromium at ${CHROMIUM}: apt-get update && apt-get install -y chromium`);
  const first = testInfo.outputPath('first');
  writeRun(first);
  const dir = testInfo.outputPath('run');
  writeRun(dir, join(first, 'conformance.json'));

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    // JavaScript off and every request recorded: the page must read fully without either.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const url = pathToFileURL(join(dir, 'conformance.html')).href;
    await page.goto(url);
    expect(requests, 'the page fetched nothing but itself').toEqual([url]);

    const n = loadRules().length;
    await expect(page.locator('#verdict')).toHaveText(`NON-CONFORMANT: ${n} rules; ${n - 2} of ${n} applicable exercised, ${n - 3} passed, 1 failed; 1 skipped, 1 not exercised`);
    const rows = page.locator('#rules tbody tr');
    await expect(rows).toHaveCount(loadRules().length);
    await expect(rows.locator('td.id')).toHaveText(loadRules().map((r) => r.id));

    // Red for failed, green for passed, grey for an outcome that judged nothing.
    const outcome = (status: string) => page.locator('td.outcome', { hasText: new RegExp(`^${status}$`) }).first();
    await expect(outcome('failed')).toHaveCSS('background-color', 'rgb(251, 220, 220)');
    await expect(outcome('passed')).toHaveCSS('background-color', 'rgb(220, 245, 227)');
    await expect(outcome('skipped')).toHaveCSS('background-color', 'rgb(236, 239, 243)');
    await expect(outcome('not exercised')).toHaveCSS('background-color', 'rgb(255, 243, 176)');
    await expect(rows.nth(2)).toContainText('Not exercised: the vault holds no billing cards');
    await expect(rows.nth(3)).toContainText('2 answers');

    const firstLink = rows.first().locator('td.tests a');
    await expect(firstLink).toHaveAttribute('href', 'html/index.html#?testId=test-0');
    await expect(firstLink).toHaveText('AUTH-1: its check <em>with markup</em>');
    await expect(rows.first().locator('td.tests li')).toHaveText('failed AUTH-1: its check <em>with markup</em>');
    await expect(page.getByRole('heading', { name: 'Since the baseline' })).toBeVisible();
    await expect(page.getByText('Nothing changed: every compared rule has the same outcome')).toBeVisible();
    await context.close();
  } finally {
    await browser.close();
  }
});
