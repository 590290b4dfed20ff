import { randomUUID } from 'node:crypto';
import {
  controlDelivered,
  disableAccepted,
  expiredNotPosted,
  firstAttempts,
  heldPostedAgain,
  heldPostedOnce,
  heldWhileInactive,
  nothingWhileInactive,
  postedToUrl,
  raisedWhileInactive,
  webhookInactive,
  webhookStates,
} from '../src/checks/registry.js';
import { rules, test, verify, type Exchange } from './fixtures.js';
import { eventually } from './eventually.js';

// Section 3 and 6 through the mock's control API: each test owns its webhooks, receiver, events and
// (per-webhook) clock, so the tests run in parallel on one mock.
const HOUR = 3_600;

test(
  'HOOK-8: requests for an active webhook arrive at its notification_url as HTTP POST',
  rules(['HOOK-8']),
  async ({ mock, receiver }) => {
    const hook = await mock.createWebhook(receiver.url());
    const marker = randomUUID();
    await mock.enqueue(hook.webhook_id, 'conformance.test', { marker }, HOUR);
    await eventually(() => receiver.matching(marker).length > 0);
    verify(postedToUrl(receiver.matching(marker)[0], hook.notification_url));
  },
);

test(
  'HOOK-3: after a successful disable the webhook is inactive',
  rules(['HOOK-3', 'HOOK-1']),
  async ({ mock, gateway, receiver }) => {
    const hook = await mock.createWebhook(receiver.url());
    const answer = await gateway.disableWebhook(hook.webhook_id);
    verify(disableAccepted(answer), answer);
    const state = await mock.webhook(hook.webhook_id);
    verify(webhookInactive(state.status), answer);
  },
);

test(
  'HOOK-3: a disabled webhook stays inactive until it is enabled, and a disable moves no other webhook',
  rules(['HOOK-3', 'HOOK-1']),
  async ({ mock, gateway }) => {
    // Nothing is enqueued for these webhooks, so nothing is posted to their (discarding) address.
    const unused = 'http://127.0.0.1:9/unused';
    const [hook, active, inactive] = await Promise.all([
      mock.createWebhook(unused),
      mock.createWebhook(unused),
      mock.createWebhook(unused),
    ]);
    const disable = async (id: string, what: string) => {
      const answer = await gateway.disableWebhook(id);
      verify(disableAccepted(answer, what), answer);
      return answer;
    };
    /** The state of each webhook against what it must be; the others are a bystander of each kind. */
    const statesAfter = async (step: string, ...answers: Exchange[]) => {
      const expected = [
        { id: hook.webhook_id, name: 'the webhook disabled', status: 'inactive' },
        { id: active.webhook_id, name: 'another, active webhook', status: 'active' },
        { id: inactive.webhook_id, name: 'another, inactive webhook', status: 'inactive' },
      ];
      const seen = await Promise.all(expected.map((e) => mock.webhook(e.id)));
      const states = expected.map((e, i) => ({ name: e.name, status: e.status, seen: seen[i]!.status }));
      verify(webhookStates(step, states), ...answers);
    };

    await disable(inactive.webhook_id, 'disabling the bystander that stays inactive');
    const first = await disable(hook.webhook_id, 'the first disable');
    await statesAfter('after the first disable', first);
    // What a second disable answers is not shown (HOOK-1's test observes it); the state it leaves is.
    const again = await gateway.disableWebhook(hook.webhook_id);
    await statesAfter('after a second disable', again);
    await mock.enable(hook.webhook_id);
    const third = await disable(hook.webhook_id, 'the disable after enabling');
    await statesAfter('after enabling and disabling again', third);
  },
);

test(
  'HOOK-4: an inactive webhook gets no new requests and posts nothing',
  rules(['HOOK-4']),
  async ({ mock, gateway, receiver }) => {
    const hook = await mock.createWebhook(receiver.url());
    const disabled = await gateway.disableWebhook(hook.webhook_id);
    verify(disableAccepted(disabled), disabled);
    const marker = randomUUID();
    await mock.enqueue(hook.webhook_id, 'conformance.test', { marker }, HOUR);

    // Barrier: an event for an active webhook at the same receiver; once it arrived, the worker has run.
    const control = await mock.createWebhook(receiver.url());
    const barrier = randomUUID();
    await mock.enqueue(control.webhook_id, 'conformance.barrier', { marker: barrier }, HOUR);
    verify(controlDelivered(await eventually(() => receiver.matching(barrier).length > 0)));

    const state = await mock.webhook(hook.webhook_id);
    const added = state.queue.filter((r) => JSON.stringify(r.payload).includes(marker));
    verify(nothingWhileInactive(receiver.matching(marker).length, added), disabled);
  },
);

test(
  'HOOK-4 HOOK-6 HOOK-7: after enabling, each unexpired held request is posted once, ' +
    'never one that expired nor an event raised while inactive',
  rules(['HOOK-4', 'HOOK-6', 'HOOK-7']),
  async ({ mock, gateway, receiver }) => {
    receiver.status = 503; // the merchant's server is down, so the requests queued before the disable stay queued
    const hook = await mock.createWebhook(receiver.url());
    const lasting = [randomUUID(), randomUUID(), randomUUID()];
    const expiring = [randomUUID(), randomUUID()];
    for (const marker of lasting) await mock.enqueue(hook.webhook_id, 'conformance.test', { marker }, HOUR);
    for (const marker of expiring) await mock.enqueue(hook.webhook_id, 'conformance.test', { marker }, 60);
    const attempted = await eventually(() => [...lasting, ...expiring].every((m) => receiver.matching(m).length > 0));
    verify(firstAttempts(attempted, lasting.length + expiring.length));

    const disabled = await gateway.disableWebhook(hook.webhook_id);
    verify(disableAccepted(disabled), disabled);
    const during = randomUUID();
    await mock.enqueue(hook.webhook_id, 'conformance.test', { marker: during }, HOUR);
    await mock.advanceClock(hook.webhook_id, 120); // past the expiry of two requests, far from the others'
    // An attempt made before the disable may still be on its way; from here on only posts after enabling count.
    await mock.settle(hook.webhook_id);
    const before = new Map<string, number>(
      [...lasting, ...expiring, during].map((m) => [m, receiver.matching(m).length]),
    );
    const postsSinceEnabling = (marker: string) => receiver.matching(marker).length - before.get(marker)!;

    receiver.status = 200;
    await mock.enable(hook.webhook_id);
    // The unexpired held requests are the barrier: once each arrived and nothing is in flight, whatever enabling
    // released was posted, and a second post of any of them would have arrived too.
    await eventually(() => lasting.every((m) => postsSinceEnabling(m) > 0));
    const state = await mock.settle(hook.webhook_id);
    verify(heldPostedOnce(lasting.map(postsSinceEnabling)), disabled);

    const queued = (marker: string) => state.queue.filter((r) => JSON.stringify(r.payload).includes(marker));
    verify(expiredNotPosted(expiring.map((m) => ({ posted: postsSinceEnabling(m), queued: queued(m) }))), disabled);
    verify(raisedWhileInactive(postsSinceEnabling(during), queued(during)), disabled);
  },
);

test(
  'HOOK-5 HOOK-6: queued requests are held while inactive and posted after enabling',
  rules(['HOOK-5', 'HOOK-6']),
  async ({ mock, gateway, receiver }) => {
    receiver.status = 503; // the merchant's server is down, so the request stays queued
    const hook = await mock.createWebhook(receiver.url());
    const marker = randomUUID();
    await mock.enqueue(hook.webhook_id, 'conformance.test', { marker }, HOUR);
    verify(firstAttempts(await eventually(() => receiver.matching(marker).length > 0), 1));

    const disabled = await gateway.disableWebhook(hook.webhook_id);
    verify(disableAccepted(disabled), disabled);
    const attemptsWhenDisabled = receiver.matching(marker).length;
    await mock.advanceClock(hook.webhook_id, 120); // every retry the worker had planned is now due

    const control = await mock.createWebhook(receiver.url());
    const barrier = randomUUID();
    receiver.status = 200;
    await mock.enqueue(control.webhook_id, 'conformance.barrier', { marker: barrier }, HOUR);
    await eventually(() => receiver.matching(barrier).length > 0);

    const held = (await mock.webhook(hook.webhook_id)).queue.find((r) => JSON.stringify(r.payload).includes(marker));
    verify(heldWhileInactive(receiver.matching(marker).length > attemptsWhenDisabled, held), disabled);

    await mock.enable(hook.webhook_id);
    verify(heldPostedAgain(await eventually(() => receiver.matching(marker).length > attemptsWhenDisabled)));
  },
);
