import { bodyField, succeeded, type Exchange } from '../transport/exchange.js';
import type { QueuedRequestView } from '../mock/control/view-types.js';
import { rejectionProblems } from './auth.js';
import { acceptanceProblems } from './errors.js';
import { judgeIn } from './judge.js';
import { REFUSED_DISABLE_JUDGES } from './refused-disable.js';
import { objectOf, RuleTally, type ExchangeCheck, type FamilyChecks } from './tally.js';

const judge = judgeIn(import.meta.url);

/**
 * HOOK: sections 2.4, 2.5, 3, 4.3 and 6. One disable answer is judged on the answer itself; the rest over what
 * a test gathered (the webhooks' states and queues through the mock's control API, a receiver's deliveries),
 * handed to the judges below.
 */

/** HOOK-1 on a successful disable: code 0 with a non-empty data.message. */
export function disableAnswerFindings(exchange: Exchange, j = new RuleTally()): RuleTally {
  if (!succeeded(exchange)) return j;
  const message = objectOf(bodyField(exchange, 'data'))?.message;
  j.add(
    'HOOK-1',
    typeof message === 'string' && message.trim() !== '' ? [] : [`data.message is ${JSON.stringify(message)}`],
    'code 0 with a non-empty data.message',
  );
  return j;
}

/**
 * HOOK-1's expectation where the suite knows the webhook exists and is active, so the disable must succeed
 * (`acceptanceProblems`); its data.message is judged on the answer itself, by `disableAnswerFindings`.
 */
export const DISABLED = 'code 0 for a webhook that exists and is active';

const judgeDisableAnswer: ExchangeCheck = (exchange, tally) => {
  if (exchange.operation === 'disableWebhook') disableAnswerFindings(exchange, tally);
};

/** HOOK-1: a disable of a webhook the suite knows exists and is active succeeds; `what` names the disable. */
export const disableAccepted = judge('HOOK-1', function disableAccepted(answer: Exchange, what?: string) {
  const problems = acceptanceProblems(answer);
  return {
    problems: what === undefined ? problems : problems.map((p) => `${what}: ${p}`),
    expected: DISABLED,
    judged: { count: 1, what: 'disables' },
  };
});

/** HOOK-2: a disable of a webhook that does not exist is refused, disclosing nothing. */
export const unknownWebhookRefused = judge('HOOK-2', function unknownWebhookRefused(answer: Exchange) {
  return {
    problems: rejectionProblems(answer),
    expected: 'code other than 0 (or an HTTP error) for an unknown webhook',
    judged: { count: 1, what: 'disables of unknown webhooks' },
  };
});

/** HOOK-3: the webhook a disable succeeded on is inactive. */
export const webhookInactive = judge('HOOK-3', function webhookInactive(status: string) {
  return {
    problems: status === 'inactive' ? [] : [`the webhook's state is ${status}`],
    expected: 'inactive',
    judged: { count: 1, what: 'webhook states' },
  };
});

/** A webhook's state as seen, against the one it must be in. */
export type WebhookState = { name: string; status: string; seen: string };

/** HOOK-3: after `step`, the webhook disabled is inactive and every other webhook as it was. */
export const webhookStates = judge('HOOK-3', function webhookStates(step: string, states: readonly WebhookState[]) {
  return {
    problems: states.flatMap((w) => (w.seen === w.status ? [] : [`${w.name} is ${w.seen} ${step}`])),
    expected: 'the webhook inactive, every other webhook as it was',
    judged: { count: states.length, what: 'webhook states after a disable' },
  };
});

/** HOOK-4: an event raised while the webhook was inactive: `posted` times posted, `added` the queue entries it made. */
export const nothingWhileInactive = judge(
  'HOOK-4',
  function nothingWhileInactive(posted: number, added: readonly QueuedRequestView[]) {
    return {
      problems: [
        ...(posted ? [`${posted} request(s) were posted for the inactive webhook`] : []),
        ...(added.length ? [`a new request joined the queue (status ${added[0]!.status})`] : []),
      ],
      expected: 'nothing posted and nothing added while inactive',
      judged: { count: 1, what: 'events for an inactive webhook' },
    };
  },
);

/** HOOK-4, after enabling: the event raised while inactive was `posted` times posted, and `queued` in the queue. */
export const raisedWhileInactive = judge(
  'HOOK-4',
  function raisedWhileInactive(posted: number, queued: readonly QueuedRequestView[]) {
    return {
      problems: [
        ...(posted ? [`the event raised while inactive was posted ${posted} time(s) after enabling`] : []),
        ...queued.map((r) => `the event raised while inactive joined the queue (status ${r.status})`),
      ],
      expected: 'an event raised while the webhook was inactive never posted, nor queued later',
      judged: { count: 1, what: 'events for an inactive webhook' },
    };
  },
);

/** HOOK-5: a request queued before the disable, while inactive: posted again or not, and its queue entry. */
export const heldWhileInactive = judge(
  'HOOK-5',
  function heldWhileInactive(postedWhileInactive: boolean, held: QueuedRequestView | undefined) {
    return {
      problems: [
        ...(postedWhileInactive ? ['the request was posted while the webhook was inactive'] : []),
        ...(held ? [] : ['the queued request was dropped from the queue']),
        ...(held && held.status !== 'held' && held.status !== 'queued' ? [`the queued request is ${held.status}`] : []),
      ],
      expected: 'the request held in the queue, unposted',
      judged: { count: 1, what: 'held requests' },
    };
  },
);

/** HOOK-6: the posts since enabling of each unexpired request held while inactive. */
export const heldPostedOnce = judge('HOOK-6', function heldPostedOnce(posts: readonly number[]) {
  return {
    problems: posts.flatMap((n, i) => {
      if (n === 0) return [`held request ${i + 1} of ${posts.length} was not posted after enabling`];
      return n > 1 ? [`held request ${i + 1} of ${posts.length} was posted ${n} times after enabling`] : [];
    }),
    expected: 'each unexpired held request posted once, in any order',
    judged: { count: posts.length, what: 'held requests' },
  };
});

/** HOOK-6: a request held while inactive, once enabled: posted again or not. */
export const heldPostedAgain = judge('HOOK-6', function heldPostedAgain(reposted: boolean) {
  return {
    problems: reposted ? [] : ['the held request was not posted after enabling'],
    expected: 'the held, unexpired request posted again',
    judged: { count: 1, what: 'held requests' },
  };
});

/** An expired request, after enabling: its posts since, and its entries in the queue. */
export type ExpiredRequest = { posted: number; queued: readonly QueuedRequestView[] };

/** HOOK-7: no request that expired while held is posted after enabling, nor left in the queue as anything but expired. */
export const expiredNotPosted = judge('HOOK-7', function expiredNotPosted(expired: readonly ExpiredRequest[]) {
  return {
    problems: expired.flatMap((r, i) => [
      ...(r.posted ? [`expired request ${i + 1} was posted after enabling`] : []),
      ...r.queued
        .filter((q) => q.status !== 'expired')
        .map((q) => `expired request ${i + 1} is ${q.status} in the queue`),
    ]),
    expected: 'no expired request posted again',
    judged: { count: expired.length, what: 'expired requests' },
  };
});

/** What arrived at the receiver for one queued request: nothing, or its first delivery's method and path. */
export type Delivery = { method: string; path: string } | undefined;

/** HOOK-8: a request queued for an active webhook arrives at its notification_url, path included, as HTTP POST. */
export const postedToUrl = judge('HOOK-8', function postedToUrl(delivery: Delivery, notificationUrl: string) {
  const url = new URL(notificationUrl);
  const judged = { count: 1, what: 'deliveries' };
  if (!delivery) {
    const problems = ['nothing arrived at the notification_url within 5 s'];
    return { problems, expected: 'the queued request posted to the notification_url', judged };
  }
  if (delivery.method !== 'POST')
    return { problems: [`it arrived as ${delivery.method}`], expected: 'HTTP POST', judged };
  const problems =
    delivery.path === url.pathname + url.search
      ? []
      : [`it arrived at ${delivery.path}, not at ${url.pathname}${url.search}`];
  return { problems, expected: 'the notification_url itself, path included', judged };
});

/** HOOK-8: the `queued` requests for an active webhook each had a first delivery attempt (`attempted`: all of them did). */
export const firstAttempts = judge('HOOK-8', function firstAttempts(attempted: boolean, queued: number) {
  const missing = queued === 1 ? 'no delivery attempt was made' : 'not every queued request had a delivery attempt';
  return {
    problems: attempted ? [] : [missing],
    expected: 'a first delivery attempt',
    judged: { count: queued, what: 'first delivery attempts' },
  };
});

/** HOOK-8: the request queued for an active control webhook beside an inactive one arrived. */
export const controlDelivered = judge('HOOK-8', function controlDelivered(arrived: boolean) {
  return {
    problems: arrived ? [] : ['the control webhook was never posted'],
    expected: 'a delivery to the active control webhook',
    judged: { count: 1, what: 'deliveries' },
  };
});

export const HOOK_CHECKS: FamilyChecks = {
  'HOOK-1': { gateway: judgeDisableAnswer, judges: [disableAccepted, REFUSED_DISABLE_JUDGES['HOOK-1']] },
  'HOOK-2': { judges: [unknownWebhookRefused] },
  'HOOK-3': { judges: [webhookInactive, webhookStates] },
  'HOOK-4': { judges: [nothingWhileInactive, raisedWhileInactive] },
  'HOOK-5': { judges: [heldWhileInactive] },
  'HOOK-6': { judges: [heldPostedOnce, heldPostedAgain] },
  'HOOK-7': { judges: [expiredNotPosted] },
  'HOOK-8': { judges: [postedToUrl, firstAttempts, controlDelivered] },
};
