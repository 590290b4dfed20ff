import { expect, test } from '../testing/fixtures.js';
import { runConformance } from '../testing/run-command.js';

test('PG_TARGET=sandbox without PG_BASE_URL stops at once, names the variable, prints no secret', async () => {
  const secret = 'sk_sandbox_never_print_this';
  const run = await runConformance({ PG_TARGET: 'sandbox', PG_MERCHANT_ID: 'm', PG_API_KEY: secret });
  expect(run.code).toBe(2);
  expect(run.output).toContain('PG_BASE_URL is required when PG_TARGET is sandbox');
  expect(run.output).not.toContain(secret);
  expect(run.output).not.toContain(Buffer.from(`:${secret}`).toString('base64'));
});

const lastLine = (output: string) => output.trimEnd().split('\n').at(-1) ?? '';

const STOPPED_BEFORE_THE_PREFLIGHT: { env: Record<string, string>; args?: string[]; says: string }[] = [
  {
    env: { PG_TARGET: 'Sandbox' },
    says: 'PG_TARGET is "Sandbox", not one of mock, sandbox, production; did you mean PG_TARGET=sandbox?',
  },
  {
    env: { PG_TARGET: 'staging' },
    says: 'PG_TARGET is "staging", not one of mock, sandbox, production; did you mean PG_TARGET=sandbox?',
  },
  { env: { PG_SEED: '-1' }, says: 'PG_SEED must be a whole number of 0 or more' },
  {
    env: { PG_WORKERS: 'abc', PG_ALLOW_WRITES: 'yes' },
    says: '2 problems: PG_ALLOW_WRITES is "yes", not 1 or 0; did you mean PG_ALLOW_WRITES=1?; PG_WORKERS must be',
  },
  { env: { MOCK_FAULTS: 'no-such-fault' }, says: 'the embedded mock: MOCK_FAULTS: unknown fault "no-such-fault"' },
  { env: {}, args: ['--workers=abc'], says: '--workers' },
  // Quotes a shell or a CI secret kept, where no valid value has any: a URL, a number.
  {
    env: { PG_TARGET: 'sandbox', PG_BASE_URL: '"https://gateway.example"', PG_MERCHANT_ID: 'm', PG_API_KEY: 'k' },
    says: 'PG_BASE_URL is wrapped in quotes ("…" kept inside the value by a shell, a CI secret or docker\'s --env-file); remove them',
  },
  {
    env: { PG_VENDOR_ID: "'90001'", PG_VENDOR_API_KEY: 'vk' },
    says: 'PG_VENDOR_ID is wrapped in quotes',
  },
];

// An unknown option (--rulez) is one of these too: cli/conformance.command.test.ts checks its verdict line.
for (const { env, args, says } of STOPPED_BEFORE_THE_PREFLIGHT) {
  const given = `${JSON.stringify(env)} ${args?.join(' ') ?? ''}`;
  test(`a configuration error found before the preflight ends with the verdict line, exit 2: ${given}`, async () => {
    const run = await runConformance(env, args);
    expect(run.code, run.output).toBe(2);
    expect(lastLine(run.output)).toMatch(/^Conformance: CONFIGURATION ERROR: .*\(nothing was run\)$/);
    expect(lastLine(run.output)).toContain(says);
  });
}

test('the token of section 5 in PG_API_KEY stops at once, says it is the token, not the key, and prints neither', async () => {
  const key = 'sk_sandbox_never_print_this';
  const token = Buffer.from(`:${key}`).toString('base64');
  const started = Date.now();
  const run = await runConformance({
    PG_TARGET: 'sandbox',
    PG_BASE_URL: 'https://gateway.example',
    PG_MERCHANT_ID: 'm',
    PG_API_KEY: `Basic ${token}`,
  });
  expect(run.code, run.output).toBe(2);
  expect(Date.now() - started).toBeLessThan(20_000);
  expect(lastLine(run.output)).toMatch(
    /^Conformance: CONFIGURATION ERROR: PG_API_KEY looks like the token, not the key: .*; set the key itself .*\(nothing was run\)$/,
  );
  expect(run.output).not.toContain(key);
  expect(run.output).not.toContain(token);
});
