import { randomUUID } from 'node:crypto';
import { rules, succeeded, test } from './fixtures.js';
import { eventually } from './eventually.js';

// Section 3 and 6 through the mock's control API: each test owns its webhooks, receiver, events and
// (per-webhook) clock, so the tests run in parallel on one mock.
const HOUR = 3_600;

test(
  'HOOK-8: requests for an active webhook arrive at its notification_url as HTTP POST',
  rules(['HOOK-8'], { writes: true }),
  async ({ mock, receiver, verify, countJudged }) => {
    const hook = await mock.createWebhook(receiver.url());
    const marker = randomUUID();
    await mock.enqueue(hook.webhook_id, 'conformance.test', { marker }, HOUR);
    const arrived = await eventually(() => receiver.matching(marker).length > 0);
    const got = receiver.matching(marker)[0];
    verify(
      'HOOK-8',
      arrived ? [] : ['nothing arrived at the notification_url within 5 s'],
      'the queued request posted to the notification_url',
    );
    verify('HOOK-8', got?.method === 'POST' ? [] : [`it arrived as ${got?.method}`], 'HTTP POST');
    const url = new URL(hook.notification_url);
    verify(
      'HOOK-8',
      got?.path === url.pathname + url.search
        ? []
        : [`it arrived at ${got?.path}, not at ${url.pathname}${url.search}`],
      'the notification_url itself, path included',
    );
    countJudged('HOOK-8', 1, 'deliveries');
  },
);

test(
  'HOOK-3: after a successful disable the webhook is inactive',
  rules(['HOOK-3', 'HOOK-1'], { writes: true }),
  async ({ mock, gateway, receiver, verify, countJudged }) => {
    const hook = await mock.createWebhook(receiver.url());
    const answer = await gateway.disableWebhook(hook.webhook_id);
    verify('HOOK-1', succeeded(answer) ? [] : ['the disable did not answer code 0'], 'code 0', answer);
    const state = await mock.webhook(hook.webhook_id);
    verify('HOOK-3', state.status === 'inactive' ? [] : [`the webhook's state is ${state.status}`], 'inactive', answer);
    countJudged('HOOK-1', 1, 'disables');
    countJudged('HOOK-3', 1, 'webhook states');
  },
);

test(
  'HOOK-4: an inactive webhook gets no new requests and posts nothing',
  rules(['HOOK-4'], { writes: true }),
  async ({ mock, gateway, receiver, verify, countJudged }) => {
    const hook = await mock.createWebhook(receiver.url());
    const disabled = await gateway.disableWebhook(hook.webhook_id);
    verify('HOOK-1', succeeded(disabled) ? [] : ['the disable did not answer code 0'], 'code 0', disabled);
    const marker = randomUUID();
    await mock.enqueue(hook.webhook_id, 'conformance.test', { marker }, HOUR);

    // Barrier: an event for an active webhook at the same receiver; once it arrived, the worker has run.
    const control = await mock.createWebhook(receiver.url());
    const barrier = randomUUID();
    await mock.enqueue(control.webhook_id, 'conformance.barrier', { marker: barrier }, HOUR);
    verify(
      'HOOK-8',
      (await eventually(() => receiver.matching(barrier).length > 0)) ? [] : ['the control webhook was never posted'],
      'a delivery to the active control webhook',
    );

    const state = await mock.webhook(hook.webhook_id);
    const added = state.queue.filter((r) => JSON.stringify(r.payload).includes(marker));
    verify(
      'HOOK-4',
      [
        ...(receiver.matching(marker).length
          ? [`${receiver.matching(marker).length} request(s) were posted for the inactive webhook`]
          : []),
        ...(added.length ? [`a new request joined the queue (status ${added[0]!.status})`] : []),
      ],
      'nothing posted and nothing added while inactive',
      disabled,
    );
    countJudged('HOOK-4', 1, 'events for an inactive webhook');
  },
);

const ONLY_HELD_REPOSTED =
  'HOOK-4 HOOK-6: after enabling, only the requests held from before the disable are posted, ' +
  'never an event raised while inactive';
test(
  ONLY_HELD_REPOSTED,
  rules(['HOOK-4', 'HOOK-6'], { writes: true }),
  async ({ mock, gateway, receiver, verify, countJudged }) => {
    receiver.status = 503; // the merchant's server is down, so the request queued before the disable stays queued
    const hook = await mock.createWebhook(receiver.url());
    const before = randomUUID();
    await mock.enqueue(hook.webhook_id, 'conformance.test', { marker: before }, HOUR);
    const attempted = await eventually(() => receiver.matching(before).length > 0);
    verify('HOOK-8', attempted ? [] : ['no delivery attempt was made'], 'a first delivery attempt');

    const disabled = await gateway.disableWebhook(hook.webhook_id);
    verify('HOOK-1', succeeded(disabled) ? [] : ['the disable did not answer code 0'], 'code 0', disabled);
    const during = randomUUID();
    await mock.enqueue(hook.webhook_id, 'conformance.test', { marker: during }, HOUR);

    receiver.status = 200;
    const attemptsBefore = receiver.matching(before).length;
    await mock.enable(hook.webhook_id);
    // The held request is the barrier: once it arrived and nothing is in flight, whatever enabling released was posted.
    const reposted = await eventually(() => receiver.matching(before).length > attemptsBefore);
    verify(
      'HOOK-6',
      reposted ? [] : ['the held request was not posted after enabling'],
      'the held, unexpired request posted again',
    );
    countJudged('HOOK-6', 1, 'held requests');

    const state = await mock.settle(hook.webhook_id);
    const posted = receiver.matching(during).length;
    const queued = state.queue.filter((r) => JSON.stringify(r.payload).includes(during));
    verify(
      'HOOK-4',
      [
        ...(posted ? [`the event raised while inactive was posted ${posted} time(s) after enabling`] : []),
        ...(queued.length
          ? [`the event raised while inactive joined the queue after enabling (status ${queued[0]!.status})`]
          : []),
      ],
      'an event raised while the webhook was inactive never posted, nor queued later',
      disabled,
    );
    countJudged('HOOK-4', 1, 'events for an inactive webhook');
  },
);

test(
  'HOOK-5 HOOK-6: queued requests are held while inactive and posted after enabling',
  rules(['HOOK-5', 'HOOK-6'], { writes: true }),
  async ({ mock, gateway, receiver, verify, countJudged }) => {
    receiver.status = 503; // the merchant's server is down, so the request stays queued
    const hook = await mock.createWebhook(receiver.url());
    const marker = randomUUID();
    await mock.enqueue(hook.webhook_id, 'conformance.test', { marker }, HOUR);
    verify(
      'HOOK-8',
      (await eventually(() => receiver.matching(marker).length > 0)) ? [] : ['no delivery attempt was made'],
      'a first delivery attempt',
    );

    const disabled = await gateway.disableWebhook(hook.webhook_id);
    verify('HOOK-1', succeeded(disabled) ? [] : ['the disable did not answer code 0'], 'code 0', disabled);
    const attemptsWhenDisabled = receiver.matching(marker).length;
    await mock.advanceClock(hook.webhook_id, 120); // every retry the worker had planned is now due

    const control = await mock.createWebhook(receiver.url());
    const barrier = randomUUID();
    receiver.status = 200;
    await mock.enqueue(control.webhook_id, 'conformance.barrier', { marker: barrier }, HOUR);
    await eventually(() => receiver.matching(barrier).length > 0);

    const held = (await mock.webhook(hook.webhook_id)).queue.find((r) => JSON.stringify(r.payload).includes(marker));
    verify(
      'HOOK-5',
      [
        ...(receiver.matching(marker).length > attemptsWhenDisabled
          ? ['the request was posted while the webhook was inactive']
          : []),
        ...(held ? [] : ['the queued request was dropped from the queue']),
        ...(held && held.status !== 'held' && held.status !== 'queued' ? [`the queued request is ${held.status}`] : []),
      ],
      'the request held in the queue, unposted',
      disabled,
    );
    countJudged('HOOK-5', 1, 'held requests');

    await mock.enable(hook.webhook_id);
    const reposted = await eventually(() => receiver.matching(marker).length > attemptsWhenDisabled);
    verify(
      'HOOK-6',
      reposted ? [] : ['the held request was not posted after enabling'],
      'the held, unexpired request posted again',
    );
    countJudged('HOOK-6', 1, 'held requests');
  },
);

test(
  'HOOK-7: a request that expired while held is not posted after enabling',
  rules(['HOOK-7', 'HOOK-6'], { writes: true }),
  async ({ mock, gateway, receiver, verify, countJudged }) => {
    receiver.status = 503;
    const hook = await mock.createWebhook(receiver.url());
    const expiring = randomUUID();
    const lasting = randomUUID();
    await mock.enqueue(hook.webhook_id, 'conformance.test', { marker: expiring }, 60);
    await mock.enqueue(hook.webhook_id, 'conformance.test', { marker: lasting }, HOUR);
    await eventually(() => receiver.matching(expiring).length > 0 && receiver.matching(lasting).length > 0);
    const disabled = await gateway.disableWebhook(hook.webhook_id);
    verify('HOOK-1', succeeded(disabled) ? [] : ['the disable did not answer code 0'], 'code 0', disabled);
    const attemptsBefore = receiver.matching(expiring).length;
    const lastingBefore = receiver.matching(lasting).length;

    await mock.advanceClock(hook.webhook_id, 120); // past the first request's expiry, far from the second's
    receiver.status = 200;
    await mock.enable(hook.webhook_id);
    const lastingArrived = await eventually(() => receiver.matching(lasting).length > lastingBefore);
    verify(
      'HOOK-6',
      lastingArrived ? [] : ['the unexpired held request was not posted after enabling'],
      'the unexpired request posted',
    );
    countJudged('HOOK-6', 1, 'held requests');

    const state = await mock.webhook(hook.webhook_id);
    const expired = state.queue.find((r) => JSON.stringify(r.payload).includes(expiring));
    verify(
      'HOOK-7',
      [
        ...(receiver.matching(expiring).length > attemptsBefore
          ? ['the expired request was posted after enabling']
          : []),
        ...(expired && expired.status !== 'expired' ? [`the expired request is ${expired.status} in the queue`] : []),
      ],
      'the expired request never posted again',
      disabled,
    );
    countJudged('HOOK-7', 1, 'expired requests');
  },
);
