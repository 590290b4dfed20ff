import { expect, test } from '@playwright/test';
import { runConformance } from '../safety/run-conformance.js';

test('PG_TARGET=sandbox without PG_BASE_URL stops at once, names the variable, prints no secret', async () => {
  const secret = 'sk_sandbox_never_print_this';
  const run = await runConformance({ PG_TARGET: 'sandbox', PG_MERCHANT_ID: 'm', PG_API_KEY: secret });
  expect(run.code).toBe(2);
  expect(run.output).toContain('PG_BASE_URL is required when PG_TARGET is sandbox');
  expect(run.output).not.toContain(secret);
  expect(run.output).not.toContain(Buffer.from(`:${secret}`).toString('base64'));
});
