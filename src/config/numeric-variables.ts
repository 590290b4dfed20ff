/** A numeric variable and the whole numbers it takes; PG_MAX_RPS (a decimal) is checked in config.ts. */
type WholeNumber = { name: string; min: number; max: number; meaning: string };

/**
 * Every whole-number variable of the suite, checked where the configuration is, so a typo stops the run at
 * once with the variable's name (unchecked, PG_WORKERS=abc would start Playwright with "NaN workers" and hang).
 * Ranges are those of the code that reads them: the mock's own (src/mock/options.ts), the proxy's,
 * the generated-input settings.
 */
export const WHOLE_NUMBERS: readonly WholeNumber[] = [
  { name: 'PG_WORKERS', min: 1, max: 64, meaning: 'worker processes' },
  { name: 'PG_IN_FLIGHT', min: 1, max: 1024, meaning: 'gateway requests the whole run may have in flight at once' },
  { name: 'PG_GENERATED_RUNS', min: 1, max: 100_000, meaning: 'generated inputs per property' },
  // A report prints seeds of 0 or more (ensureRunSeed draws them so): a negative one is a typo, not a replay.
  { name: 'PG_SEED', min: 0, max: 2 ** 53 - 1, meaning: 'the seed a report printed' },
  { name: 'PG_MOCK_PORT', min: 0, max: 65535, meaning: 'a port; 0 picks a free one' },
  { name: 'PG_PROXY_PORT', min: 0, max: 65535, meaning: 'a port; 0 picks a free one' },
  { name: 'PG_USER_ID', min: 0, max: 2 ** 53 - 1, meaning: "a user of the merchant's account, section 2.1's user_id" },
  { name: 'MOCK_CUSTOMERS', min: 0, max: 1_000_000, meaning: "customers in the mock's vault" },
];

/** One sentence per malformed whole-number variable; never quotes the value. */
export function wholeNumberProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  for (const v of WHOLE_NUMBERS) {
    const raw = env[v.name]?.trim();
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!/^-?[0-9]+$/.test(raw) || !Number.isSafeInteger(n) || n < v.min || n > v.max) {
      const range = v.name === 'PG_SEED' ? ' of 0 or more' : ` from ${v.min} to ${v.max.toLocaleString('en-US')}`;
      problems.push(`${v.name} must be a whole number${range} (${v.meaning}), or unset`);
    }
  }
  return problems;
}
