import { ACCOUNT_FIELDS, madeUpValueRefused, type AccountField } from './account-fields.js';

/**
 * Checks the run's configuration turns off, each with the variable that turns it on. A rule skipped for one
 * of these, or an operation never served because of one, keeps the run from CONFORMANT (NOT FULLY
 * EXERCISED names the variable): the gateway was not shown to keep that part of the document. Skips that no
 * variable lifts (control-API checks on a real target, disabling unknown webhooks in production) do not.
 */
export const CONFIGURATION_SKIPS = {
  writes: { reason: 'writes to production need PG_ALLOW_WRITES=1', set: 'PG_ALLOW_WRITES=1' },
  vendor: {
    reason: 'integrator checks need PG_VENDOR_ID and PG_VENDOR_API_KEY',
    set: 'PG_VENDOR_ID and PG_VENDOR_API_KEY',
  },
  webhook: {
    reason: 'webhook checks on this target need PG_WEBHOOK_ID (a webhook the suite may disable)',
    set: 'PG_WEBHOOK_ID',
  },
} as const;

/**
 * Skips that are properties of the target, each saying why no variable lifts it: they do not keep a run from
 * CONFORMANT, and a cutover lists the rules they skip as unjudgeable on production by design.
 */
export type ConfigurationSkip = (typeof CONFIGURATION_SKIPS)[keyof typeof CONFIGURATION_SKIPS];

/** The configuration skip a test's skip reason is, if it is one. */
export function configurationSkip(reason: string | undefined): ConfigurationSkip | undefined {
  return Object.values(CONFIGURATION_SKIPS).find((s) => s.reason === reason);
}

/**
 * A part of a rule that ran but could not be judged for want of a variable (a `not-exercised` reason of a
 * rule that otherwise passed): TOK-11's account fields sent with made-up values the target refused. Like a
 * configuration skip it keeps the run from CONFORMANT, naming the variable.
 */
export function configurationGap(reason: string): { reason: string; set: string } | undefined {
  const field = (Object.keys(ACCOUNT_FIELDS) as AccountField[]).find((f) => madeUpValueRefused(f) === reason);
  return field && { reason, set: ACCOUNT_FIELDS[field].variable };
}

/** Why a control-API check is skipped on a real target (a property of the target: no variable lifts it). */
export function controlApiSkipReason(target: string): string {
  return `needs the embedded mock's control API (PG_TARGET=mock); target is ${target}`;
}

/** A rule that needs the mock's control API cannot be checked on a sandbox or production at all. */
export function needsControlApi(rule: { check: string }, target: string): boolean {
  return rule.check === 'mock-control' && target !== 'mock';
}

/**
 * Black-box rules some tests of which also read the mock's control API (the stored side of an update, the
 * webhook's state after a disable): on a real target those tests are skipped and the rule is checked in
 * part. The `mock` fixture refuses a test of a black-box rule missing here (controlApiTableProblem).
 */
export const CONTROL_API_IN_PART: readonly string[] = ['TOK-2', 'HOOK-1'];

/** What is wrong with CONTROL_API_IN_PART for a test that uses the control API, if anything. */
export function controlApiTableProblem(testRules: readonly { id: string; check: string }[]): string | undefined {
  const missing = testRules
    .filter((r) => r.check !== 'mock-control' && !CONTROL_API_IN_PART.includes(r.id))
    .map((r) => r.id);
  if (!missing.length) return undefined;
  return (
    `${missing.join(', ')} ${missing.length > 1 ? 'have' : 'has'} a test that uses the mock's control API: ` +
    'list it in CONTROL_API_IN_PART in src/config/configuration-skips.ts'
  );
}

export type SkipKind = keyof typeof CONFIGURATION_SKIPS;

/**
 * The rules whose tests each configuration skip turns off: `all` when every test of the rule needs what the
 * skip names, `some` when only part does (a rule "on every operation", met on tokenize and disable too).
 * The fixtures that skip (tests/fixtures.ts: writeGuard, vendor, takeWebhook) refuse a test whose rules this
 * table does not list (skipTableProblem), so what --list-rules says cannot fall behind the tests.
 */
export const RULES_A_SKIP_TURNS_OFF: Record<SkipKind, { all: readonly string[]; some: readonly string[] }> = {
  writes: {
    all: [
      'TOK-1',
      'TOK-2',
      'TOK-3',
      'TOK-4',
      'TOK-5',
      'TOK-6',
      'TOK-7',
      'TOK-8',
      'TOK-9',
      'TOK-10',
      'TOK-11',
      'TOK-12',
      'HOOK-1',
      'HOOK-2',
      'HOOK-3',
      'HOOK-4',
      'HOOK-5',
      'HOOK-6',
      'HOOK-7',
      'HOOK-8',
      'ERR-1',
    ],
    some: ['AUTH-1', 'AUTH-2', 'AUTH-3', 'AUTH-4', 'AUTH-5', 'AUTH-7', 'ERR-2', 'ERR-3', 'ERR-4', 'ERR-5'],
  },
  vendor: { all: ['AUTH-5', 'TOK-5'], some: ['AUTH-3', 'AUTH-7'] },
  webhook: {
    all: ['HOOK-1'],
    some: ['AUTH-1', 'AUTH-2', 'AUTH-3', 'AUTH-4', 'AUTH-5', 'AUTH-7', 'ERR-3', 'ERR-4', 'ERR-5'],
  },
};

/**
 * What is wrong with RULES_A_SKIP_TURNS_OFF for one test, if anything: a test that needs what `kind` names
 * must have each of its rules listed; for writes, which every test declares, a test that does not write
 * must not name a rule listed as writing in all its tests.
 */
export function skipTableProblem(kind: SkipKind, testRules: readonly string[], needs: boolean): string | undefined {
  const { all, some } = RULES_A_SKIP_TURNS_OFF[kind];
  const table = 'RULES_A_SKIP_TURNS_OFF in src/config/configuration-skips.ts';
  const missing = needs ? testRules.filter((r) => !all.includes(r) && !some.includes(r)) : [];
  const have = (rules: string[]) => `${rules.join(', ')} ${rules.length > 1 ? 'have' : 'has'}`;
  if (missing.length)
    return `${have(missing)} a test that needs ${CONFIGURATION_SKIPS[kind].set}: list it under ${kind} in ${table}`;
  const partial = kind === 'writes' && !needs ? testRules.filter((r) => all.includes(r)) : [];
  if (partial.length) return `${have(partial)} a test that writes nothing: move it to writes.some in ${table}`;
  return undefined;
}

/**
 * Skips that are properties of a real target, not of its configuration (no variable lifts them, so they never
 * keep a run from CONFORMANT): the tests that skip name these reasons, and --list-rules says them.
 */
export const TARGET_SKIPS = {
  unknownWebhookInProduction: {
    reason:
      'in production the suite disables only the webhook PG_WEBHOOK_ID names, never one it made up: its writes there touch ' +
      'only what the operator named, so no variable lifts this (the sandbox run judges it)',
    targets: ['production'],
    all: ['HOOK-2'],
    some: ['ERR-2'],
  },
  openConstructionsOnDisable: {
    reason:
      'on a real target these are not sent to the disable operation: ' +
      'one that is served would disable PG_WEBHOOK_ID, which the disable checks need active',
    targets: ['sandbox', 'production'],
    all: [],
    some: ['AUTH-4', 'AUTH-7'],
  },
  redisableOwnWebhook: {
    reason: "only on the mock, where the webhook is the test's own",
    targets: ['sandbox', 'production'],
    all: [],
    some: ['HOOK-1', 'ERR-3'],
  },
} as const satisfies Record<
  string,
  { reason: string; targets: readonly string[]; all: readonly string[]; some: readonly string[] }
>;

/** Whether running a rule's tests writes to the target: all of them, some of them (tokenize, disable) or none. */
export function writingTests(ruleId: string): 'all' | 'some' | 'none' {
  const { all, some } = RULES_A_SKIP_TURNS_OFF.writes;
  return all.includes(ruleId) ? 'all' : some.includes(ruleId) ? 'some' : 'none';
}

/** The part of the configuration that decides which checks run (SuiteConfig's fields of the same names). */
export type SkipConfiguration = {
  target: string;
  allowWrites: boolean;
  vendor: unknown;
  webhookId: string | undefined;
};

/** The configuration skips in force, as the fixtures decide them: the same conditions, in one place. */
export function skipsInForce(config: SkipConfiguration): SkipKind[] {
  const inForce: Record<SkipKind, boolean> = {
    writes: !config.allowWrites,
    vendor: !config.vendor,
    webhook: config.target !== 'mock' && !config.webhookId,
  };
  return (Object.keys(inForce) as SkipKind[]).filter((k) => inForce[k]);
}

/** Whether a rule can be checked on the configured target: all of it, in part, or not at all, and why. */
export type OnTarget = { checkable: 'yes' | 'in part' | 'no'; why: string[] };

export function checkableOnTarget(rule: { id: string; check: string }, config: SkipConfiguration): OnTarget {
  if (needsControlApi(rule, config.target)) return { checkable: 'no', why: [controlApiSkipReason(config.target)] };
  const no: string[] = [];
  const part: string[] = [];
  const inForce = [
    ...skipsInForce(config).map((kind) => ({
      ...RULES_A_SKIP_TURNS_OFF[kind],
      reason: CONFIGURATION_SKIPS[kind].reason,
    })),
    ...Object.values(TARGET_SKIPS).filter((s) => (s.targets as readonly string[]).includes(config.target)),
  ];
  if (config.target !== 'mock' && CONTROL_API_IN_PART.includes(rule.id)) {
    part.push(`some of its tests are skipped: ${controlApiSkipReason(config.target)}`);
  }
  for (const { all, some, reason } of inForce) {
    if ((all as readonly string[]).includes(rule.id)) no.push(reason);
    else if ((some as readonly string[]).includes(rule.id)) part.push(`some of its tests are skipped: ${reason}`);
  }
  if (no.length) return { checkable: 'no', why: [...no, ...part] };
  return part.length ? { checkable: 'in part', why: part } : { checkable: 'yes', why: [] };
}
