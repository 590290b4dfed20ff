import { randomUUID } from 'node:crypto';
import { DISABLED, disabledProblems, rejectionProblems } from '../src/checks/registry.js';
import { bodyField, rules, succeeded, TARGET_SKIPS, test } from './fixtures.js';
import { unknownWebhookProblem } from './unknown-webhook.js';
import { WEBHOOK_INACTIVE, WEBHOOK_UNKNOWN } from './why-not-exercised.js';

test(
  'HOOK-1: disabling an existing webhook answers code 0 with data.message',
  rules(['HOOK-1', 'ERR-3']),
  async ({ gateway, suite, takeWebhook, verify, observe, countJudged, notExercised }) => {
    const answer = await gateway.disableWebhook(await takeWebhook());
    if (suite.target !== 'mock' && !succeeded(answer)) {
      // PG_WEBHOOK_ID may have been disabled by an earlier run; how re-disabling answers is not shown.
      observe(
        'HOOK-1',
        `disabling PG_WEBHOOK_ID answered code ${JSON.stringify(bodyField(answer, 'code'))}; it may be inactive already`,
        {
          kind: 'disable-of-configured-webhook',
          value: `code ${JSON.stringify(bodyField(answer, 'code'))} (HTTP ${answer.status})`,
        },
      );
      verify(
        'ERR-2',
        Number.isInteger(bodyField(answer, 'code')) || answer.status >= 400
          ? []
          : ['a failure without an integer code'],
        'a platform failure',
        answer,
      );
      countJudged('ERR-2', 1, 'invalid requests');
      notExercised(
        'HOOK-1',
        (await unknownWebhookProblem(gateway, suite, answer)) ? WEBHOOK_UNKNOWN : WEBHOOK_INACTIVE,
      );
      return;
    }
    verify('HOOK-1', disabledProblems(answer), DISABLED, answer);
    countJudged('HOOK-1', 1, 'disables');
    countJudged('ERR-3', 1, 'successful answers');
  },
);

// What a second disable answers is not shown, so it is observed; the state it leaves is HOOK-3's, judged through
// the mock's control API in webhook-lifecycle.spec.ts.
test(
  'HOOK-1: disabling a webhook twice answers in the platform scheme, whatever it answers',
  rules(['HOOK-1']),
  async ({ gateway, takeWebhook, verify, observe, suite, countJudged }) => {
    test.skip(suite.target !== 'mock', TARGET_SKIPS.redisableOwnWebhook.reason);
    const id = await takeWebhook();
    const first = await gateway.disableWebhook(id);
    verify(
      'HOOK-1',
      succeeded(first) ? [] : ['the first disable did not answer code 0'],
      'code 0 for the first disable',
      first,
    );
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
    verify(
      'ERR-3',
      Number.isInteger(bodyField(again, 'code')) || again.status >= 400 ? [] : ['no integer code'],
      'the platform scheme',
      again,
    );
    countJudged('HOOK-1', 1, 'disables');
    countJudged('ERR-3', 1, 'repeated disables');
  },
);

test(
  'HOOK-2: disabling a webhook that does not exist is not reported as success',
  rules(['HOOK-2', 'ERR-2']),
  async ({ gateway, verify, countJudged }) => {
    const answer = await gateway.disableWebhook(`conformance-missing-${randomUUID()}`);
    verify('HOOK-2', rejectionProblems(answer), 'code other than 0 (or an HTTP error) for an unknown webhook', answer);
    countJudged('HOOK-2', 1, 'disables of unknown webhooks');
  },
);
