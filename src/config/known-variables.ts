/** Set by the project for its own child processes, never by a user: documented in no user's table. */
export const PROJECT_SET_VARIABLES: readonly string[] = [
  'PG_EMBEDDED_MOCK_PORT',
  'PG_REPORT_SET',
  'PG_SUITE_POWER_PLAN',
  'PG_RECORD_KNOWN',
  'PG_MERCHANT_ID_FORM',
  'PG_CATALOGUE_CHECKED',
  'PG_ROUND_TRIP_MS',
];

/**
 * Every PG_ and MOCK_ variable the project reads (the user's ones are in README's Configuration table,
 * docs/mock.md and .env.example; then PROJECT_SET_VARIABLES).
 * known-variables.test.ts fails when the source reads one that is not listed here.
 */
export const KNOWN_VARIABLES: readonly string[] = [
  'PG_TARGET',
  'PG_BASE_URL',
  'PG_MERCHANT_ID',
  'PG_API_KEY',
  'PG_VENDOR_ID',
  'PG_VENDOR_API_KEY',
  'PG_WEBHOOK_ID',
  'PG_PROFILE_ID',
  'PG_LOC_ID',
  'PG_USER_ID',
  'PG_ALLOW_WRITES',
  'PG_WORKERS',
  'PG_MAX_RPS',
  'PG_IN_FLIGHT',
  'PG_BLOB_REPORT',
  'PG_PROXY_PORT',
  'PG_REPORTS_DIR',
  'PG_RESULTS_DIR',
  'PG_SEED',
  'PG_GENERATED_RUNS',
  'PG_BASELINE',
  'PG_HISTORY',
  'PG_RULES',
  'PG_KNOWN_DEVIATIONS',
  'PG_MOCK_PORT',
  'MOCK_MERCHANT_ID',
  'MOCK_API_KEY',
  'MOCK_VENDOR_ID',
  'MOCK_VENDOR_API_KEY',
  'MOCK_WEBHOOK_ID',
  'MOCK_CUSTOMERS',
  'MOCK_FAULTS',
  'MOCK_VARIANTS',
  'MOCK_LOG',
  ...PROJECT_SET_VARIABLES,
];

/** Edits (insert, delete, replace, swap of neighbours) from a to b. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The known variable nearest to `name` (underscores and case aside), or undefined when none is near. */
export function closestKnown(name: string, known: readonly string[] = KNOWN_VARIABLES): string | undefined {
  const bare = (s: string) => s.toUpperCase().replace(/_/g, '');
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const d = Math.min(distance(bare(name), bare(k)), distance(name.toUpperCase(), k));
    if (!best || d < best.d) best = { name: k, d };
  }
  // A few edits for a long name, fewer for a short one: PG_ALLOW_WRITE, PG_WEBHOOKID, MOCK_CUSTOMER.
  return best && best.d <= Math.max(2, Math.floor(bare(name).length / 3)) ? best.name : undefined;
}

/**
 * One warning per PG_ or MOCK_ variable the project does not read, naming the closest one it does: a typo
 * such as PG_ALLOW_WRITE=1 otherwise changes nothing, silently. Only names are printed, never values.
 */
export function unknownVariableWarnings(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((name) => /^(PG|MOCK)_/i.test(name) && !KNOWN_VARIABLES.includes(name) && env[name] !== undefined)
    .sort()
    .map((name) => {
      const near = closestKnown(name);
      return near
        ? `Warning: ${name} is not a variable this suite reads; did you mean ${near}? (it is ignored)`
        : `Warning: ${name} is not a variable this suite reads (it is ignored; see .env.example for the ones it does)`;
    });
}
