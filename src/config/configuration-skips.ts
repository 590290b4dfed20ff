import { needOf, type Need, type Rule } from '../catalogue/rules.js';
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

/** Why the mock's control API is out of reach on `target`, or undefined on the mock: the one place that decides it. */
export function controlApiAbsent(target: string): string | undefined {
  return target === 'mock' ? undefined : controlApiSkipReason(target);
}

/** A rule every test of which needs the mock's control API (needOf) cannot be checked on a sandbox or production at all. */
export function needsControlApi(rule: Pick<Rule, 'check' | 'needs'>, target: string): boolean {
  return needOf(rule, 'control_api') === 'all' && controlApiAbsent(target) !== undefined;
}

export type SkipKind = keyof typeof CONFIGURATION_SKIPS;

/**
 * Skips that are properties of a real target, not of its configuration (no variable lifts them, so they never
 * keep a run from CONFORMANT): each stands for a need of spec/rules.yaml, the tests that skip name these
 * reasons, and --list-rules says them.
 */
export const TARGET_SKIPS = {
  unknownWebhookInProduction: {
    reason:
      'in production the suite disables only the webhook PG_WEBHOOK_ID names, never one it made up: its writes there touch ' +
      'only what the operator named, so no variable lifts this (the sandbox run judges it)',
    targets: ['production'],
    need: 'unknown_webhook',
  },
  openConstructionsOnDisable: {
    reason:
      'on a real target these are not sent to the disable operation: ' +
      'one that is served would disable PG_WEBHOOK_ID, which the disable checks need active',
    targets: ['sandbox', 'production'],
    need: 'open_disable',
  },
  redisableOwnWebhook: {
    reason: "only on the mock, where the webhook is the test's own",
    targets: ['sandbox', 'production'],
    need: 'own_webhook',
  },
} as const satisfies Record<string, { reason: string; targets: readonly string[]; need: Need }>;

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

export function checkableOnTarget(rule: Rule, config: SkipConfiguration): OnTarget {
  if (needsControlApi(rule, config.target)) return { checkable: 'no', why: [controlApiSkipReason(config.target)] };
  const no: string[] = [];
  const part: string[] = [];
  const inForce: { need: Need; reason: string }[] = [
    ...skipsInForce(config).map((kind) => ({ need: kind, reason: CONFIGURATION_SKIPS[kind].reason })),
    ...Object.values(TARGET_SKIPS).filter((s) => (s.targets as readonly string[]).includes(config.target)),
  ];
  const controlApi = controlApiAbsent(config.target);
  if (controlApi && needOf(rule, 'control_api') === 'some') part.push(`some of its tests are skipped: ${controlApi}`);
  for (const { need, reason } of inForce) {
    const needs = needOf(rule, need);
    if (needs === 'all') no.push(reason);
    else if (needs === 'some') part.push(`some of its tests are skipped: ${reason}`);
  }
  if (no.length) return { checkable: 'no', why: [...no, ...part] };
  return part.length ? { checkable: 'in part', why: part } : { checkable: 'yes', why: [] };
}

/**
 * Why a test is skipped before it starts, if it is: a target skip its rules need in every test (spec/rules.yaml's
 * `all`) first, as no variable lifts it; then writes, when the test writes (`rules()` says so: a rule whose every
 * test writes, or the test itself); then integrator credentials and the control API its rules need in every
 * test. A test that needs one of these where its rules need it in some tests asks for it itself (the vendor or
 * mock fixture, a skip in its body); a webhook, when it takes one.
 */
export function skipBeforeTheTest(
  rules: readonly Rule[],
  writes: boolean,
  config: SkipConfiguration,
): string | undefined {
  const inEvery = (need: Need) => rules.some((r) => needOf(r, need) === 'all');
  const target = Object.values(TARGET_SKIPS).find(
    (s) => (s.targets as readonly string[]).includes(config.target) && inEvery(s.need),
  );
  if (target) return target.reason;
  const inForce = skipsInForce(config);
  if (writes && inForce.includes('writes')) return CONFIGURATION_SKIPS.writes.reason;
  if (inEvery('vendor') && inForce.includes('vendor')) return CONFIGURATION_SKIPS.vendor.reason;
  if (inEvery('control_api')) return controlApiAbsent(config.target);
  return undefined;
}
