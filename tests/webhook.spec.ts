import { randomUUID } from 'node:crypto';
import { disableAccepted, unknownWebhookRefused } from '../src/checks/registry.js';
import { bodyField, rules, TARGET_SKIPS, test, observe, verify } from './fixtures.js';
import { HOOK_1, judgeDisable } from './configured-webhook.js';

test(
  'HOOK-1: disabling an existing webhook answers code 0 with data.message',
  rules(['HOOK-1', 'ERR-3']),
  async ({ gateway, suite, disables, takeWebhook }) => {
    const id = await takeWebhook();
    const answer = await gateway.disableWebhook(id);
    // Its data.message, and a failure's code, are judged on the answer itself (the gateway fixture). A refusal
    // is asked about before it is judged: PG_WEBHOOK_ID may have been disabled by an earlier run.
    const ctx = { gateway, suite, disables };
    await judgeDisable(ctx, HOOK_1, id, answer, 'merchant');
  },
);

// What a second disable answers is not shown, so it is observed; the state it leaves is HOOK-3's, judged through
// the mock's control API in webhook-lifecycle.spec.ts.
test(
  'HOOK-1: disabling a webhook twice answers in the platform scheme, whatever it answers',
  rules(['HOOK-1']),
  async ({ gateway, takeWebhook, suite }) => {
    test.skip(suite.target !== 'mock', TARGET_SKIPS.redisableOwnWebhook.reason);
    const id = await takeWebhook();
    const first = await gateway.disableWebhook(id);
    verify(disableAccepted(first, 'the first disable'), first);
    const again = await gateway.disableWebhook(id);
    observe(
      'HOOK-1',
      `re-disabling an inactive webhook answered code ${JSON.stringify(bodyField(again, 'code'))} (HTTP ` +
        `${again.status}); not shown by the document`,
      {
        kind: 'redisable-answer',
        value: `code ${JSON.stringify(bodyField(again, 'code'))} (HTTP ${again.status})`,
      },
    );
    // Whatever it answers is held to the platform scheme on the answer itself (the gateway fixture).
  },
);

test(
  'HOOK-2: disabling a webhook that does not exist is not reported as success',
  rules(['HOOK-2', 'ERR-2']),
  async ({ gateway }) => {
    const answer = await gateway.disableWebhook(`conformance-missing-${randomUUID()}`);
    verify(unknownWebhookRefused(answer), answer);
  },
);
