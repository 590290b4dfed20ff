import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../testing/fixtures.js';
import { Redactor } from '../evidence/redact.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { startMock } from '../mock/start.js';
import type { ConformanceJson } from '../reporters/model/read-report.js';
import { runConformance } from '../testing/run-command.js';

/**
 * Faults whose failures carry what a reproduce line most easily loses in redaction and shell quoting: a card
 * number (and generated ones), the vendor key, a malformed Authorization header, a generated echo_fields with
 * non-ASCII text.
 */
// vendor-key-refused-on-vault, not vendor-id-refused: a refused vendor ID looks like a wrong PG_VENDOR_ID
// to the preflight (exit 2), while a vendor key refused on the listing is AUTH-5's failure, vendor key in its line.
const FAULTS = [
  'mask-full-19-digits',
  'vendor-key-refused-on-vault',
  'auth-accepts-bearer',
  'echo-fields-ascii-escaped',
];
/**
 * The run is narrowed to the faults' rules: the rest of the suite would only add passing tests, and each
 * fault fails only a few (an example and a generated input; one operation each for a header), as each failed
 * test costs a worker.
 */
const RULES = ['TOK-8', 'AUTH-5', 'AUTH-4', 'TOK-9'];
/** The README's variables for the embedded mock. */
const README_ENV = {
  PG_API_KEY: MOCK_DEFAULTS.apiKey,
  PG_VENDOR_API_KEY: MOCK_DEFAULTS.vendorApiKey,
  PG_MERCHANT_ID: MOCK_DEFAULTS.merchantId,
};

/**
 * An answer without what differs on every request (new IDs). The IDs go before any cut: the report redacts a run
 * of digits in an ID that reads as a card number, so the recorded text can be shorter than the answer there.
 */
function comparable(status: string, body: string): string {
  return `HTTP ${status} ${body.replace(/"(pg_id|card_id)":"[^"]*"/g, '"$1":"…"')}`;
}

test(
  'every reproduce line of a failing mock run, pasted into a shell with the README variables set, gets ' +
    'the same answer',
  async ({}, testInfo) => {
    // A conformance run in a child process: many times its quiet-machine time on a busy one.
    test.setTimeout(240_000);
    const mock = await startMock({ faults: FAULTS });
    const dir = testInfo.outputPath('run');
    try {
      const run = await runConformance(
        // One worker: the reproduce lines do not depend on which worker ran a test.
        { PG_BASE_URL: mock.url, PG_REPORTS_DIR: dir, PG_RESULTS_DIR: join(dir, 'test-results'), PG_WORKERS: '1' },
        ['--rule', RULES.join(',')],
      );
      expect(run.code, run.output.slice(-2_000)).toBe(1);
      const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceJson;
      const failures = report.rules.flatMap((r) =>
        r.tests.flatMap((t) => (t.failures ?? []).map((f) => ({ rule: r.id, test: t.title, ...f }))),
      );
      // Each fault's own rule, at least (a fault may break a neighbour too).
      expect([...new Set(failures.map((f) => f.rule))]).toEqual(expect.arrayContaining(RULES));

      const redactor = new Redactor([MOCK_DEFAULTS.apiKey, MOCK_DEFAULTS.vendorApiKey]);
      let replayed = 0;
      for (const f of failures) {
        expect(f.reproduce.length, `${f.rule} ${f.test}: one reproduce line per exchange`).toBe(f.exchanges.length);
        for (const [i, line] of f.reproduce.entries()) {
          expect(line, 'keys only as variables').not.toMatch(
            new RegExp(`${MOCK_DEFAULTS.apiKey}|${MOCK_DEFAULTS.vendorApiKey}`),
          );
          const recorded = /Received: HTTP ([0-9]+)[^\n]*\n {2}body: (.*)/.exec(f.exchanges[i] ?? '');
          expect(recorded, `${f.rule}: the exchange shows its answer`).not.toBeNull();
          // The line as printed, plus where curl puts the status: nothing changes what is sent.
          const { stdout } = await promisify(execFile)('sh', ['-c', `${line} -w '\\n%{http_code}'`], {
            env: { PATH: process.env.PATH, ...README_ENV },
          });
          const status = stdout.slice(stdout.lastIndexOf('\n') + 1);
          const text = stdout.slice(0, stdout.lastIndexOf('\n'));
          const body = (() => {
            try {
              return JSON.stringify(JSON.parse(text));
            } catch {
              return text;
            }
          })(); // as the report shows it
          // The report shows an answer's first 2,000 characters: a longer one must begin with what it shows.
          const shown = recorded![2]!.replace(/… \([0-9]+ more characters\)$/, '');
          const expected = comparable(recorded![1]!, shown);
          const got = comparable(status, redactor.text(body));
          const message = `${f.rule} ${f.test}\n${line}`;
          if (shown === recorded![2]) expect(got, message).toBe(expected);
          else expect(got.slice(0, expected.length), message).toBe(expected);
          replayed++;
        }
      }
      testInfo.annotations.push({
        type: 'replayed',
        description: `${replayed} reproduce lines of ${failures.length} failures`,
      });
      expect(replayed).toBeGreaterThan(4);
    } finally {
      await mock.close();
    }
  },
);
