import { randomUUID } from 'node:crypto';
import {
  REFUSED_DISABLE_JUDGES,
  described,
  disableAccepted,
  explainRefusedDisable,
  merchantKeyServed,
  vendorKeyServed,
  type Judgement,
} from '../src/checks/registry.js';
import {
  bodyField,
  notExercised,
  observe,
  quotesKept,
  recordConfigurationProblem,
  succeeded,
  verify,
  type Exchange,
  type GatewayClient,
  type ResolvedConfig,
  type RunDisables,
  wrappedInQuotes,
} from './fixtures.js';
import { WEBHOOK_INACTIVE, WEBHOOK_UNKNOWN } from './why-not-exercised.js';

type Party = 'merchant' | 'vendor';

/** What a test that disables a webhook hands over to have its answer judged. */
export type DisableContext = {
  gateway: GatewayClient;
  suite: ResolvedConfig;
  disables: RunDisables;
};

/** The rule a test of a disable judges, and its judge of a disable that should have been served. */
export type DisableRule = { rule: 'HOOK-1' | 'AUTH-2' | 'AUTH-5'; served: (answer: Exchange) => Judgement };

export const HOOK_1: DisableRule = { rule: 'HOOK-1', served: (answer) => disableAccepted(answer) };
export const AUTH_2: DisableRule = { rule: 'AUTH-2', served: merchantKeyServed };
export const AUTH_5: DisableRule = { rule: 'AUTH-5', served: vendorKeyServed };

/** How a disable of PG_WEBHOOK_ID that did not succeed answered, for --baseline comparisons. */
const disableAnswer = (answer: Exchange) => ({
  kind: 'disable-of-configured-webhook',
  value: `code ${JSON.stringify(bodyField(answer, 'code'))} (HTTP ${answer.status})`,
});

/**
 * The sentence for a PG_WEBHOOK_ID every question answered as a made-up ID: recorded for the verdict
 * (CONFIGURATION ERROR, exit 2) and returned.
 */
function unknownWebhookProblem(suite: ResolvedConfig, asked: string): string {
  const unknown =
    `disabling it answered exactly as disabling a made-up webhook ID does, ${asked}, ` +
    'and no disable of it succeeded earlier in this run';
  // A webhook ID has no documented format, so quotes may belong to it: only the target's answer tells.
  const problem = wrappedInQuotes(suite.webhookId ?? '')
    ? quotesKept('PG_WEBHOOK_ID', `the target knows no webhook by it: ${unknown}`)
    : `PG_WEBHOOK_ID names no webhook the target knows: ${unknown}; ` +
      ('set PG_WEBHOOK_ID to an existing webhook of this merchant from the manager portal (if it is right, ' +
        'the target answers an inactive webhook as an unknown one: enable it there).');
  recordConfigurationProblem(problem);
  return problem;
}

/**
 * Judges a bodiless disable of `webhookId` with `party`'s key by `judged`'s rule. Served, it is held to the
 * family success indicator. Refused, the target is asked what the refusal was (checks/refused-disable.ts):
 * a deviation is judged by the rule it breaks, here where that is this test's rule, and otherwise this
 * test's rule is judged on the disable that was served; a webhook known but served nowhere is not
 * exercised; only one answered as a made-up ID with every key and form is PG_WEBHOOK_ID named as wrong.
 * On the mock the webhook is the test's own, created active: a refusal nothing explains fails the rule.
 */
export async function judgeDisable(
  ctx: DisableContext,
  judged: DisableRule,
  webhookId: string,
  answer: Exchange,
  party: Party,
): Promise<void> {
  const { gateway, suite } = ctx;
  const { rule } = judged;
  const served = (e: Exchange) => verify(judged.served(e), e);
  if (succeeded(answer)) return served(answer);
  const other: Party | undefined = party === 'vendor' ? 'merchant' : suite.vendor ? 'vendor' : undefined;
  const onMock = suite.target === 'mock';
  const found = await explainRefusedDisable(webhookId, party, answer, {
    ask: (id, as, withBody) => gateway.disableWebhook(id, as, withBody),
    otherParty: other,
    servedEarlier: () => (onMock ? [] : ctx.disables.servedEarlier(webhookId)),
    // The client disables nothing but PG_WEBHOOK_ID in production; on the mock the webhook is known to exist.
    madeUpId: onMock || suite.target === 'production' ? undefined : `conformance-missing-${randomUUID()}`,
  });
  if (found.kind === 'deviation') {
    if (found.rule === rule) return verify(REFUSED_DISABLE_JUDGES[rule](found));
    // Another rule's deviation (its own test judges it): this rule is judged on the disable that was served.
    observe(rule, `${found.problems.join('; ')}; ${found.rule} judges that`, {
      kind: 'disable-served-otherwise',
      value: found.rule,
    });
    return served(found.served);
  }
  if (onMock) return served(answer);
  observe(
    rule,
    `disabling PG_WEBHOOK_ID answered ${described(answer)}, in no form and with no key the run holds served; ` +
      'it may be inactive already, and re-disabling is not shown',
    disableAnswer(answer),
  );
  if (found.kind === 'unknown') {
    unknownWebhookProblem(suite, found.asked);
    return notExercised(rule, WEBHOOK_UNKNOWN);
  }
  notExercised(rule, found.kind === 'known' && found.earlier ? found.why : WEBHOOK_INACTIVE);
}
