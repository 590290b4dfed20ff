import type { Exchange } from '../../transport/exchange.js';
import { rcodeAndStatus } from '../compared-answers.js';
import { judgeIn } from '../judge.js';

const judge = judgeIn(import.meta.url);

/**
 * TOK-11's question when a request with documented fields added is refused: which added field did it?
 * Each field is sent alone on top of the accepted request. A field whose value the suite made up and that
 * names something on the merchant's account (see account-fields.ts) may be refused by a conformant gateway,
 * so such refusals are kept apart: they are the gateway's answer about a made-up value, not about the field.
 */
export type Refusal<A> = { fields: string[]; answer: A };

export type Attribution<A> = {
  /** Fields the document settles that made an accepted request refused (alone, or together): TOK-11 fails. */
  failures: Refusal<A>[];
  /** Made-up account values the gateway refused (alone, or only together with the rest): observed. */
  madeUp: Refusal<A>[];
  /** The fields of the largest request found accepted: what TOK-11 judged. */
  judged: string[];
};

/**
 * `send(fields)` sends the accepted request with `fields` added; `refusedAll` is the answer with all of them.
 * `madeUp` names the fields sent with a made-up value (no configured one).
 */
export async function attributeRefusal<A>(
  fields: Record<string, unknown>,
  madeUp: ReadonlySet<string>,
  send: (fields: Record<string, unknown>) => Promise<A>,
  ok: (answer: A) => boolean,
  refusedAll: A,
): Promise<Attribution<A>> {
  const pick = (names: string[]) => Object.fromEntries(names.map((n) => [n, fields[n]]));
  const names = Object.keys(fields);
  const alone = await Promise.all(names.map((name) => send(pick([name]))));
  const refusedAlone = names.map((name, i) => ({ fields: [name], answer: alone[i]! })).filter((r) => !ok(r.answer));
  const failures = refusedAlone.filter((r) => !madeUp.has(r.fields[0]!));
  const madeUpRefused = refusedAlone.filter((r) => madeUp.has(r.fields[0]!));
  const rest = names.filter((n) => !refusedAlone.some((r) => r.fields[0] === n));
  if (failures.length || !rest.length) return { failures, madeUp: madeUpRefused, judged: [] };

  const restAnswer = madeUpRefused.length ? await send(pick(rest)) : refusedAll;
  if (ok(restAnswer)) return { failures, madeUp: madeUpRefused, judged: rest };
  // Each accepted alone, refused together: a made-up value may be what the combination tripped on
  // (a location not in the profile); without them the settled fields must be accepted together.
  const madeUpRest = rest.filter((n) => madeUp.has(n));
  const settled = rest.filter((n) => !madeUp.has(n));
  if (!madeUpRest.length)
    return { failures: [{ fields: rest, answer: restAnswer }], madeUp: madeUpRefused, judged: [] };
  const together = { fields: madeUpRest, answer: restAnswer };
  if (!settled.length) return { failures, madeUp: [...madeUpRefused, together], judged: [] };
  const settledAnswer = await send(pick(settled));
  if (ok(settledAnswer)) return { failures, madeUp: [...madeUpRefused, together], judged: settled };
  return { failures: [{ fields: settled, answer: settledAnswer }], madeUp: madeUpRefused, judged: [] };
}

/**
 * TOK-11: a `kind` request the gateway accepted (`full`, with every documented field added) stays accepted with
 * section 2.1's documented fields added as documented; `failures` are the refusals attributeRefusal laid on
 * fields the document settles, `types` each field's documented type, `values` how the account fields were chosen.
 */
export const documentedFieldsTaken = judge(
  'TOK-11',
  function documentedFieldsTaken(
    kind: string,
    failures: readonly Refusal<Exchange>[],
    types: ReadonlyMap<string, string>,
    full: Exchange,
    values: string,
  ) {
    return {
      problems: failures.map((r) =>
        r.fields.length === 1
          ? `adding ${r.fields[0]} (${types.get(r.fields[0]!)}) made the gateway refuse the accepted ${kind} ` +
            `request (${rcodeAndStatus(r.answer)})`
          : `the ${kind} request with ${r.fields.join(', ')} together was refused (${rcodeAndStatus(r.answer)}), ` +
            `though each alone was accepted`,
      ),
      expected: `a request the gateway accepts stays accepted with documented fields of section 2.1 added as documented${values}`,
      evidence: [full, ...failures.map((r) => r.answer)],
    };
  },
);
