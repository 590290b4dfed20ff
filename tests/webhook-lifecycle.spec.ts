import { randomUUID } from 'node:crypto';
import { DISABLED, acceptanceProblems } from '../src/checks/registry.js';
import { rules, test, type Exchange } from './fixtures.js';
import { eventually } from './eventually.js';

// Section 3 and 6 through the mock's control API: each test owns its webhooks, receiver, events and
// (per-webhook) clock, so the tests run in parallel on one mock.
const HOUR = 3_600;

test(
  'HOOK-8: requests for an active webhook arrive at its notification_url as HTTP POST',
  rules(['HOOK-8']),
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
  rules(['HOOK-3', 'HOOK-1']),
  async ({ mock, gateway, receiver, verify, countJudged }) => {
    const hook = await mock.createWebhook(receiver.url());
    const answer = await gateway.disableWebhook(hook.webhook_id);
    verify('HOOK-1', acceptanceProblems(answer), DISABLED, answer);
    const state = await mock.webhook(hook.webhook_id);
    verify('HOOK-3', state.status === 'inactive' ? [] : [`the webhook's state is ${state.status}`], 'inactive', answer);
    countJudged('HOOK-1', 1, 'disables');
    countJudged('HOOK-3', 1, 'webhook states');
  },
);

test(
  'HOOK-3: a disabled webhook stays inactive until it is enabled, and a disable moves no other webhook',
  rules(['HOOK-3', 'HOOK-1']),
  async ({ mock, gateway, verify, countJudged }) => {
    // Nothing is enqueued for these webhooks, so nothing is posted to their (discarding) address.
    const unused = 'http://127.0.0.1:9/unused';
    const [hook, active, inactive] = await Promise.all([
      mock.createWebhook(unused),
      mock.createWebhook(unused),
      mock.createWebhook(unused),
    ]);
    const disable = async (id: string, what: string) => {
      const answer = await gateway.disableWebhook(id);
      verify(
        'HOOK-1',
        acceptanceProblems(answer).map((p) => `${what}: ${p}`),
        DISABLED,
        answer,
      );
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
      verify(
        'HOOK-3',
        expected.flatMap((e, i) => (seen[i]!.status === e.status ? [] : [`${e.name} is ${seen[i]!.status} ${step}`])),
        'the webhook inactive, every other webhook as it was',
        ...answers,
      );
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
    countJudged('HOOK-1', 3, 'disables');
    countJudged('HOOK-3', 9, 'webhook states after a disable');
  },
);

test(
  'HOOK-4: an inactive webhook gets no new requests and posts nothing',
  rules(['HOOK-4']),
  async ({ mock, gateway, receiver, verify, countJudged }) => {
    const hook = await mock.createWebhook(receiver.url());
    const disabled = await gateway.disableWebhook(hook.webhook_id);
    verify('HOOK-1', acceptanceProblems(disabled), DISABLED, disabled);
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

test(
  'HOOK-4 HOOK-6 HOOK-7: after enabling, each unexpired held request is posted once, ' +
    'never one that expired nor an event raised while inactive',
  rules(['HOOK-4', 'HOOK-6', 'HOOK-7']),
  async ({ mock, gateway, receiver, verify, countJudged }) => {
    receiver.status = 503; // the merchant's server is down, so the requests queued before the disable stay queued
    const hook = await mock.createWebhook(receiver.url());
    const lasting = [randomUUID(), randomUUID(), randomUUID()];
    const expiring = [randomUUID(), randomUUID()];
    for (const marker of lasting) await mock.enqueue(hook.webhook_id, 'conformance.test', { marker }, HOUR);
    for (const marker of expiring) await mock.enqueue(hook.webhook_id, 'conformance.test', { marker }, 60);
    const attempted = await eventually(() => [...lasting, ...expiring].every((m) => receiver.matching(m).length > 0));
    verify('HOOK-8', attempted ? [] : ['not every queued request had a delivery attempt'], 'a first delivery attempt');

    const disabled = await gateway.disableWebhook(hook.webhook_id);
    verify('HOOK-1', acceptanceProblems(disabled), DISABLED, disabled);
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
    verify(
      'HOOK-6',
      lasting.flatMap((m, i) => {
        const posts = postsSinceEnabling(m);
        if (posts === 0) return [`held request ${i + 1} of ${lasting.length} was not posted after enabling`];
        return posts > 1 ? [`held request ${i + 1} of ${lasting.length} was posted ${posts} times after enabling`] : [];
      }),
      'each unexpired held request posted once, in any order',
      disabled,
    );
    countJudged('HOOK-6', lasting.length, 'held requests');

    const queued = (marker: string) => state.queue.filter((r) => JSON.stringify(r.payload).includes(marker));
    verify(
      'HOOK-7',
      expiring.flatMap((m, i) => [
        ...(postsSinceEnabling(m) ? [`expired request ${i + 1} was posted after enabling`] : []),
        ...queued(m)
          .filter((r) => r.status !== 'expired')
          .map((r) => `expired request ${i + 1} is ${r.status} in the queue`),
      ]),
      'no expired request posted again',
      disabled,
    );
    countJudged('HOOK-7', expiring.length, 'expired requests');

    const posted = postsSinceEnabling(during);
    verify(
      'HOOK-4',
      [
        ...(posted ? [`the event raised while inactive was posted ${posted} time(s) after enabling`] : []),
        ...queued(during).map((r) => `the event raised while inactive joined the queue (status ${r.status})`),
      ],
      'an event raised while the webhook was inactive never posted, nor queued later',
      disabled,
    );
    countJudged('HOOK-4', 1, 'events for an inactive webhook');
  },
);

test(
  'HOOK-5 HOOK-6: queued requests are held while inactive and posted after enabling',
  rules(['HOOK-5', 'HOOK-6']),
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
    verify('HOOK-1', acceptanceProblems(disabled), DISABLED, disabled);
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
