import type { AnswerContext, SeamAnswer } from '../../gateway/seams.js';
import type { Behaviour } from '../behaviour.js';

/** Section 2.2 behaviours on tokenize's success answer: the masked card number (TOK-8) and echo_fields (TOK-9). */

/** Changes a tokenize success answer's body. */
export const onSuccess =
  (change: (body: Record<string, unknown>, context: Extract<AnswerContext, { operation: 'tokenize' }>) => void) =>
  (answer: SeamAnswer, context: AnswerContext) => {
    if (context.operation === 'tokenize' && answer.body) change(answer.body, context);
  };

/** The answer's card_number shown from the number sent, where a masking fault builds it another way. */
const masked = (mask: (sent: string) => string | undefined) =>
  onSuccess((body, { input }) => {
    const sent = input.card?.number;
    const shown = sent === undefined ? undefined : mask(sent);
    if (shown !== undefined) body.card_number = shown;
  });

const echoed = (change: (sent: string) => string) =>
  onSuccess((body) => {
    if (typeof body.echo_fields === 'string') body.echo_fields = change(body.echo_fields);
  });

/** Whether an echo_fields string holds an empty JSON array ("[]", with any whitespace). */
function holdsEmptyArray(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.length === 0;
  } catch {
    return false;
  }
}

export const TOKENIZE_ANSWER_FAULTS = [
  // TOK-8: first four, one x per hidden digit, last six.
  {
    name: 'mask-last-four-only',
    rule: 'TOK-8',
    description: "The answer's card_number shows only the last four digits (x for the rest).",
    answer: masked((s) => 'x'.repeat(s.length - 4) + s.slice(-4)),
  },
  {
    name: 'mask-fixed-six-x',
    rule: 'TOK-8',
    description: "The answer's card_number always hides exactly six digits, whatever the length.",
    answer: masked((s) => `${s.slice(0, 4)}xxxxxx${s.slice(-6)}`),
  },
  {
    name: 'mask-full-19-digits',
    rule: 'TOK-8',
    description: 'The answer shows a 19-digit card number in full.',
    answer: masked((s) => (s.length === 19 ? s : undefined)),
  },
  {
    name: 'mask-asterisks',
    rule: 'TOK-8',
    description: "The answer's card_number hides digits with * instead of x.",
    answer: masked((s) => s.slice(0, 4) + '*'.repeat(s.length - 10) + s.slice(-6)),
  },
  {
    name: 'mask-first-six-last-four',
    rule: 'TOK-8',
    description: "The answer's card_number shows the first six and last four digits.",
    answer: masked((s) => s.slice(0, 6) + 'x'.repeat(s.length - 10) + s.slice(-4)),
  },
  // TOK-9: echo_fields byte for byte.
  {
    name: 'echo-fields-reserialized',
    rule: 'TOK-9',
    description: 'echo_fields is parsed and serialized again, so its whitespace is lost.',
    answer: echoed((s) => JSON.stringify(JSON.parse(s))),
  },
  {
    name: 'echo-fields-trimmed',
    rule: 'TOK-9',
    description: 'echo_fields comes back with leading and trailing whitespace trimmed.',
    answer: echoed((s) => s.trim()),
  },
  {
    name: 'echo-fields-ascii-escaped',
    rule: 'TOK-9',
    description:
      'Non-ASCII characters inside echo_fields come back as \\u escapes: the same JSON inside, a different string.',
    answer: echoed((s) => s.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)),
  },
  {
    name: 'echo-fields-dropped',
    rule: 'TOK-9',
    description: 'A successful answer omits echo_fields.',
    answer: onSuccess((b) => delete b.echo_fields),
  },
  {
    name: 'echo-fields-empty-array-dropped',
    rule: 'TOK-9',
    description:
      'A successful answer omits an echo_fields that holds an empty JSON array ("[]"), ' +
      'as a gateway that skips empty lists does.',
    answer: onSuccess(
      (b) => typeof b.echo_fields === 'string' && holdsEmptyArray(b.echo_fields) && delete b.echo_fields,
    ),
  },
] as const satisfies readonly Behaviour[];
