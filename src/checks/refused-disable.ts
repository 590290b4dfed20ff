import { succeeded, type Exchange } from '../transport/exchange.js';
import type { Party, ServedDisable } from '../transport/run-disables.js';
import { described, same } from './compared-answers.js';
import { judgeIn } from './judge.js';

/**
 * A disable of a webhook that did not succeed, told apart: the gateway's deviation, a webhook the target knows
 * but did not disable, or an ID it does not know. The document has no way to look a webhook up, so the
 * disable itself is asked, in every form and with every key the run holds, before the ID is ever called
 * wrong:
 * - the same request with the smallest JSON body (`{}`) and the same key: served, the refusal was the
 *   bodiless form's, which section 4.3 states ("No request body"): HOOK-1's deviation (a JSON body parser
 *   that refuses an empty body answers before it reads the ID), with both exchanges;
 * - the other key the run holds, bodiless then with `{}`: served, the webhook is known and the key refused
 *   on this operation where the other is taken: AUTH-5's deviation for the vendor key (section 5.5: "used in
 *   the same way in place of the merchant API key"), AUTH-2's for the merchant key;
 * - a disable of it that succeeded earlier in the run (any worker, any key or form): the ID is right, and
 *   what a re-disable answers is not shown, so nothing is judged;
 * - a made-up webhook ID with each key and form asked: answered alike in every one, the target cannot tell
 *   the ID from one that does not exist, and only then is the ID named (where the run may send a made-up
 *   ID at all: not in production, where the suite disables nothing but PG_WEBHOOK_ID).
 * Each question is asked only while the ones before it explained nothing; each one is a disable of the same
 * webhook the test was disabling, or of a made-up one.
 */

export type DisableAsk = (webhookId: string, party: Party, withBody: boolean) => Promise<Exchange>;

export type DisableQuestions = {
  /** Sends a disable (the test's client, judged like every other answer). */
  ask: DisableAsk;
  /** The other key the run holds, if any. */
  otherParty?: Party;
  /** What the run's record says succeeded earlier (run-disables.ts); empty where nothing is recorded. */
  servedEarlier: () => readonly ServedDisable[];
  /** A made-up webhook ID to compare with, or undefined where none may be sent (production, the mock). */
  madeUpId?: string;
};

export type RefusedDisable =
  /** The gateway refused what it serves in another form or to another key: `rule` judges it. */
  | {
      kind: 'deviation';
      rule: 'HOOK-1' | 'AUTH-2' | 'AUTH-5';
      problems: string[];
      expected: string;
      /** The refused exchange, then the one served. */
      exchanges: [Exchange, Exchange];
      /** The served disable: what the test's own rule can be judged on, where the deviation is another's. */
      served: Exchange;
    }
  /**
   * Known to the target and served in no form asked: disabled earlier in the run (`earlier`), or told from a
   * made-up ID. `why` says which, with the answers.
   */
  | { kind: 'known'; earlier: boolean; why: string }
  /**
   * Answered exactly as a made-up ID in every form and with every key asked; `asked` says which and what they
   * answered, for the sentence.
   */
  | { kind: 'unknown'; asked: string }
  /** Nothing served, nothing earlier, and no made-up ID may be sent: nothing tells. */
  | { kind: 'untold' };

const KEY_WORDS: Record<Party, string> = { merchant: 'the merchant key', vendor: 'the vendor key' };
const formWords = (withBody: boolean) => (withBody ? 'with the body {}' : 'without a body');
const PARTIES: readonly Party[] = ['merchant', 'vendor'];
const KEY_RULE: Record<Party, 'AUTH-2' | 'AUTH-5'> = { merchant: 'AUTH-2', vendor: 'AUTH-5' };

type Asked = { party: Party; withBody: boolean; answer: Exchange };

/** HOOK-1's finding where `{}` was served to the key the bodiless disable was refused to. */
function formRefused(party: Party, refused: Exchange, served: Exchange): RefusedDisable {
  return {
    kind: 'deviation',
    rule: 'HOOK-1',
    problems: [
      `the disable without a body, as section 4.3 sends it ("No request body"), was refused (${described(refused)}), ` +
        `while the same request with the body {} and ${KEY_WORDS[party]} disabled the same webhook (${described(served)})`,
    ],
    expected: 'code 0 for the disable section 4.3 describes, which carries no body',
    exchanges: [refused, served],
    served,
  };
}

/** AUTH-2's or AUTH-5's finding where the other key was served on the webhook this key was refused on. */
function keyRefused(party: Party, refused: Exchange, other: Asked): RefusedDisable {
  const rule = KEY_RULE[party];
  return {
    kind: 'deviation',
    rule,
    problems: [
      `disabling the webhook with ${KEY_WORDS[party]} was refused (${described(refused)}), while ${KEY_WORDS[other.party]} ` +
        `disabled the same webhook ${formWords(other.withBody)} (${described(other.answer)}): the key is refused on ` +
        'this operation, not the webhook ID',
    ],
    expected:
      rule === 'AUTH-5'
        ? 'the vendor key accepted where the merchant key is, on every operation'
        : 'the merchant key accepted on every operation',
    exchanges: [refused, other.answer],
    served: other.answer,
  };
}

/**
 * Asks the questions for `refused`, a bodiless disable of `webhookId` with `party`'s key that did not
 * succeed, and says what it was.
 */
export async function explainRefusedDisable(
  webhookId: string,
  party: Party,
  refused: Exchange,
  questions: DisableQuestions,
): Promise<RefusedDisable> {
  const { ask, otherParty } = questions;
  const asked: Asked[] = [{ party, withBody: false, answer: refused }];
  const withBody = await ask(webhookId, party, true);
  asked.push({ party, withBody: true, answer: withBody });
  if (succeeded(withBody)) return formRefused(party, refused, withBody);
  if (otherParty) {
    for (const body of [false, true]) {
      const answer = await ask(webhookId, otherParty, body);
      const other = { party: otherParty, withBody: body, answer };
      asked.push(other);
      if (succeeded(answer)) return keyRefused(party, refused, other);
    }
  }
  const earlier = questions.servedEarlier();
  if (earlier.length) {
    const first = earlier[0]!;
    return {
      kind: 'known',
      earlier: true,
      why:
        `PG_WEBHOOK_ID was disabled earlier in this run (with ${KEY_WORDS[first.party]}, ${formWords(first.withBody)}), ` +
        `so it is right; what disabling it again answers is not shown (${described(refused)})`,
    };
  }
  if (questions.madeUpId === undefined) return { kind: 'untold' };
  for (const a of asked) {
    const madeUp = await ask(questions.madeUpId, a.party, a.withBody);
    if (!same(a.answer, madeUp)) {
      return {
        kind: 'known',
        earlier: false,
        why:
          `PG_WEBHOOK_ID did not disable with code 0, but the target tells it from a made-up webhook ID ` +
          `(${KEY_WORDS[a.party]}, ${formWords(a.withBody)}: ${described(a.answer)} against ${described(madeUp)})`,
      };
    }
  }
  // In one order whichever key the test began with, so the tests that meet the same ID say the same sentence.
  const ordered = [...asked].sort(
    (a, b) => PARTIES.indexOf(a.party) - PARTIES.indexOf(b.party) || +a.withBody - +b.withBody,
  );
  const keys = [...new Set(ordered.map((a) => KEY_WORDS[a.party]))].join(' and ');
  const answers = new Set(ordered.map((a) => described(a.answer)));
  const what =
    answers.size === 1
      ? `(${[...answers][0]})`
      : `(${ordered.map((a) => `${KEY_WORDS[a.party]} ${formWords(a.withBody)}: ${described(a.answer)}`).join('; ')})`;
  return { kind: 'unknown', asked: `with ${keys}, without a body and with the body {} ${what}` };
}

type Deviation = Extract<RefusedDisable, { kind: 'deviation' }>;

const judge = judgeIn(import.meta.url);

const judgeOfDeviation = (ruleId: Deviation['rule']) =>
  judge(ruleId, function refusedDisableServedOtherwise(found: Deviation) {
    return { problems: found.problems, expected: found.expected, evidence: found.exchanges };
  });

/**
 * The judge of each rule a refused disable may deviate from (explainRefusedDisable's `rule`): the refusal of what
 * the gateway served in another form or to another key, with both exchanges.
 */
export const REFUSED_DISABLE_JUDGES = {
  'HOOK-1': judgeOfDeviation('HOOK-1'),
  'AUTH-2': judgeOfDeviation('AUTH-2'),
  'AUTH-5': judgeOfDeviation('AUTH-5'),
} as const;
