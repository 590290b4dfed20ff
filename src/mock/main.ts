import dotenv from 'dotenv';
import { MOCK_DEFAULTS } from './defaults.js';
import { MockConfigError, optionsFromEnv, resolveOptions } from './options.js';
import { startMock } from './start.js';

/** `npm run mock`: the mock gateway on 127.0.0.1:${PG_MOCK_PORT:-4010}, configured by MOCK_* variables. */
async function main(): Promise<void> {
  dotenv.config({ quiet: true }); // .env.example lists PG_MOCK_PORT and MOCK_* for it; the environment wins
  const config = optionsFromEnv(process.env);
  const { credentials, faults, variants, webhookId } = resolveOptions(config.options);
  const mock = await startMock({ ...config.options, port: config.port });

  // Handlers first: whoever reads the URL below may signal at once (stdout to a pipe is synchronous).
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing the mock gateway`);
    mock.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error('mock gateway did not close cleanly:', e instanceof Error ? e.message : e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  console.log(`mock gateway listening on ${mock.url}`);
  console.log(`  merchant ID: ${credentials.merchantId}`);
  console.log(`  vendor ID:   ${credentials.vendorId}`);
  // Only the public built-in keys are ever printed; a key from the environment stays out of logs.
  const keyLine = (label: string, key: string, builtIn: string, variable: string) =>
    `  ${label.padEnd(13)}${key === builtIn ? `${key} (built-in default)` : `from ${variable} (not shown)`}`;
  console.log(keyLine('API key:', credentials.apiKey, MOCK_DEFAULTS.apiKey, 'MOCK_API_KEY'));
  console.log(keyLine('vendor key:', credentials.vendorApiKey, MOCK_DEFAULTS.vendorApiKey, 'MOCK_VENDOR_API_KEY'));
  console.log(
    `  webhook ID:  ${webhookId} (seeded, active; PG_WEBHOOK_ID when the suite targets this mock as a sandbox)`,
  );
  console.log(
    `  profile, location, user: ${MOCK_DEFAULTS.profileId}, ${MOCK_DEFAULTS.locId}, ` +
      `${MOCK_DEFAULTS.userId} (the merchant's own; PG_PROFILE_ID, PG_LOC_ID, PG_USER_ID likewise)`,
  );
  if (faults.length) console.log(`  faults:      ${faults.join(', ')}`);
  if (variants.length) console.log(`  variants:    ${variants.join(', ')}`);
  console.log(`  control API: ${mock.url}/__mock/health (see docs/mock.md)`);
}

main().catch((e: unknown) => {
  // A configuration mistake (optionsFromEnv): its problems alone, not told as a failure to start.
  if (e instanceof MockConfigError) {
    console.error(e.message);
    process.exit(2);
  }
  const err = e as NodeJS.ErrnoException & { address?: string; port?: number };
  if (err.code === 'EADDRINUSE') {
    // Most often a mock left running from an earlier step: say so, and how to pick another port.
    console.error(
      `mock gateway failed to start: ${err.address ?? '127.0.0.1'}:${err.port ?? ''} is already in use (a ` +
        `mock still running?); stop what listens there, or set PG_MOCK_PORT to another port (0 picks a free ` +
        `one).`,
    );
    process.exit(2);
  }
  console.error('mock gateway failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
