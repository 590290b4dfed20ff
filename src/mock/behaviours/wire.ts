import { setTimeout as delay } from 'node:timers/promises';
import type { HttpReply } from '../http/app.js';
import type { Behaviour } from './behaviour.js';

type Body = Record<string, unknown>;
type Row = Record<string, unknown>;

/** Records of a vault page, with their addresses and cards, for changes that reach into every record. */
function eachRecord(
  body: Body,
  change: (customer: Row, index: number) => void,
  address?: (a: Row) => void,
  card?: (c: Row) => void,
): void {
  if (!Array.isArray(body.data)) return;
  (body.data as Row[]).forEach((customer, index) => {
    change(customer, index);
    if (address && Array.isArray(customer.shipping_addresses)) (customer.shipping_addresses as Row[]).forEach(address);
    if (card && Array.isArray(customer.billing_cards)) (customer.billing_cards as Row[]).forEach(card);
  });
}

function nullForEmpty(row: Row): void {
  for (const [key, value] of Object.entries(row)) if (value === '') row[key] = null;
}

function dropEmptyStrings(row: Row): void {
  for (const [key, value] of Object.entries(row)) if (value === '') delete row[key];
}

/** Renames a body's result fields, keeping every other field where it was. */
function renamed(body: Body, fields: Record<string, [string, (v: unknown) => unknown]>): Body {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => (fields[key] ? [fields[key][0], fields[key][1](value)] : [key, value])),
  );
}

const isJson = (reply: HttpReply) => String(reply.getHeader('content-type') ?? '').startsWith('application/json');
const star = (row: Row, field: string) =>
  typeof row[field] === 'string' && (row[field] = (row[field] as string).replace(/x/g, '*'));
const asciiEscaped = (text: string) =>
  text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Behaviours on the link: they change every gateway answer (/pg/ and /platform/) on its way out, success
 * and failure alike, as a proxy in front of the gateway would: result scheme, fields, wording, media
 * type, headers, timing. The control API (/__mock/) is never changed: tests rely on it to observe the gateway.
 */
export const WIRE_FAULTS = [
  // ERR-3: each family's own scheme.
  {
    name: 'pg-answers-platform-scheme',
    rule: 'ERR-3',
    description: '/pg/ answers use the platform scheme: an integer code and message instead of rcode and rmsg.',
    wire: { body: (b, f) => (f === 'pg' ? renamed(b, { rcode: ['code', Number], rmsg: ['message', String] }) : b) },
  },
  {
    name: 'platform-answers-pg-scheme',
    rule: 'ERR-3',
    description:
      '/platform/ answers use the payment gateway scheme: a string rcode and rmsg instead of code and message.',
    wire: {
      body: (b, f) => (f === 'platform' ? renamed(b, { code: ['rcode', String], message: ['rmsg', String] }) : b),
    },
  },
  {
    name: 'pg-rcode-as-number',
    rule: 'ERR-3',
    description: 'rcode is a JSON number ("000" becomes 0).',
    wire: { body: (b, f) => (f === 'pg' ? renamed(b, { rcode: ['rcode', Number] }) : b) },
  },
  // ERR-4: the stated media type.
  {
    name: 'content-type-text-plain',
    rule: 'ERR-4',
    description: 'Every gateway answer is served as text/plain (the body is still JSON).',
    wire: { sent: (reply) => void reply.header('content-type', 'text/plain; charset=utf-8') },
  },
  {
    name: 'vault-content-type-missing',
    rule: 'ERR-4',
    description: 'Vault listings are served without a content-type header.',
    wire: {
      sent: (reply, request) => void (request.url.startsWith('/platform/vault/') && reply.removeHeader('content-type')),
    },
  },
] as const satisfies readonly Behaviour[];

export const WIRE_VARIANTS = [
  // Section 2: only what a field means is stated; more fields, fewer optional ones.
  {
    name: 'extra-fields',
    rule: 'ERR-5',
    description: 'Every answer, customer record, address and card carries extra fields the document does not list.',
    wire: {
      body: (b) => {
        Object.assign(b, {
          request_id: `rq_${Date.now().toString(36)}`,
          server_time: new Date().toISOString(),
          api_release: '2024-06',
        });
        if (b.data && typeof b.data === 'object' && !Array.isArray(b.data))
          Object.assign(b.data, { webhook_status: 'inactive' });
        eachRecord(
          b,
          (c) => Object.assign(c, { customer_status: 'active', tags: ['vip'] }),
          (a) => Object.assign(a, { address_type: 'residential' }),
          (c) => Object.assign(c, { card_brand: 'test', token_ref: 'tr_1' }),
        );
      },
    },
  },
  {
    name: 'optional-fields-omitted',
    rule: 'ERR-5',
    description:
      'Omits what no rule requires: rmsg on success, message on platform answers, pg_id on failures, empty ' +
      'customer fields; every fourth customer has no shipping address.',
    wire: {
      body: (b, f) => {
        if (f === 'pg') delete b[b.rcode === '000' ? 'rmsg' : 'pg_id'];
        else delete b.message;
        eachRecord(
          b,
          (c, i) => {
            dropEmptyStrings(c);
            if (i % 4 === 3) c.shipping_addresses = [];
          },
          dropEmptyStrings,
          dropEmptyStrings,
        );
      },
    },
  },
  {
    name: 'other-messages',
    rule: 'ERR-1',
    description: 'Every rmsg, message and data.message has other wording.',
    wire: {
      body: (b, f) => {
        if (f === 'pg' && 'rmsg' in b)
          b.rmsg = b.rcode === '000' ? 'Transaction OK' : `Request declined (${String(b.rcode)})`;
        if (f === 'platform' && 'message' in b) b.message = b.code === 0 ? 'OK' : `Request failed (${String(b.code)})`;
        const data = b.data as Row | undefined;
        if (data && typeof data === 'object' && !Array.isArray(data) && 'message' in data)
          data.message = 'The webhook is now switched off.';
      },
    },
  },
  {
    name: 'vault-null-fields',
    rule: 'ERR-5',
    description:
      "Every third customer (another tester's, written by a database-backed API) has null for each empty " +
      'field, in the record, its addresses and cards; every ninth also has billing_cards, ' +
      'primary_card_number, comments and customer_firm_name null (a customer without cards).',
    wire: {
      body: (b) =>
        eachRecord(b, (c) => {
          const n = Number(String(c.customer_id).replace(/^\D+/, ''));
          if (n % 3 !== 0) return;
          nullForEmpty(c);
          for (const a of (c.shipping_addresses ?? []) as Row[]) nullForEmpty(a);
          for (const card of (c.billing_cards ?? []) as Row[]) nullForEmpty(card);
          if (n % 9 === 0)
            Object.assign(c, {
              billing_cards: null,
              primary_card_number: null,
              comments: null,
              customer_firm_name: null,
            });
        }),
    },
  },
  {
    name: 'numeric-customer-ids',
    rule: 'VAULT-5',
    description:
      'customer_id is a decimal number in a string, unpadded ("12"), so desc order is numeric, not code-point order.',
    wire: {
      body: (b) => eachRecord(b, (c) => (c.customer_id = String(Number(String(c.customer_id).replace(/^cust_/, ''))))),
    },
  },
  {
    name: 'vault-mask-asterisk',
    rule: 'VAULT-7',
    description: 'Vault card numbers are masked with * (the document says only "masked" for them).',
    wire: {
      body: (b) =>
        eachRecord(
          b,
          (c) => star(c, 'primary_card_number'),
          undefined,
          (card) => star(card, 'card_number'),
        ),
    },
  },
  // Section 2 and 7: the media type's spelling and extra headers.
  {
    name: 'content-type-charset-upper',
    rule: 'ERR-4',
    description: 'Answers are served as application/json;charset=UTF-8.',
    wire: { sent: (reply) => void (isJson(reply) && reply.header('content-type', 'application/json;charset=UTF-8')) },
  },
  {
    name: 'content-type-without-charset',
    rule: 'ERR-4',
    description: 'Answers are served as application/json without a charset.',
    wire: { sent: (reply) => void (isJson(reply) && reply.header('content-type', 'application/json')) },
  },
  {
    name: 'extra-headers',
    rule: 'ERR-4',
    description: 'Answers carry extra response headers (x-request-id, cache-control, x-ratelimit-remaining).',
    wire: {
      sent: (reply) =>
        void reply.headers({
          'x-request-id': `rq_${Date.now().toString(36)}`,
          'cache-control': 'no-store',
          'x-ratelimit-remaining': '998',
          'x-powered-by': 'gateway',
        }),
    },
  },
  {
    name: 'json-bom-crlf',
    rule: 'ERR-4',
    description:
      'JSON answers start with a UTF-8 byte order mark and end with CRLF, as some Windows and .NET stacks ' +
      'write them; the JSON itself is unchanged.',
    wire: {
      sent: (reply, _request, text) => (typeof text === 'string' && isJson(reply) ? `\uFEFF${text}\r\n` : undefined),
    },
  },
  {
    name: 'json-ascii-escaped',
    rule: 'TOK-9',
    description: 'Answers escape every non-ASCII character as \\u in the JSON text; parsed, every string is the same.',
    wire: { sent: (_reply, _request, text) => (typeof text === 'string' ? asciiEscaped(text) : undefined) },
  },
  // Section 8: time-outs are not shown.
  {
    name: 'slow-answers',
    rule: 'ERR-4',
    description: 'Every gateway answer is delayed by 20 to 80 ms.',
    wire: { arrive: () => delay(20 + Math.floor(Math.random() * 61)).then(() => undefined) },
  },
] as const satisfies readonly Behaviour[];
