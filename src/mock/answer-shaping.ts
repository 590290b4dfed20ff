import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Behaviour } from './behaviour.js';
import { familyOf, isGatewayPath, type Family } from './errors.js';

type Body = Record<string, unknown>;
type Row = Record<string, unknown>;

/** Records of a vault page, with their addresses and cards, for changes that reach into every record. */
function eachRecord(body: Body, change: (customer: Row, index: number) => void, address?: (a: Row) => void, card?: (c: Row) => void): void {
  if (!Array.isArray(body.data)) return;
  (body.data as Row[]).forEach((customer, index) => {
    change(customer, index);
    if (address && Array.isArray(customer.shipping_addresses)) (customer.shipping_addresses as Row[]).forEach(address);
    if (card && Array.isArray(customer.billing_cards)) (customer.billing_cards as Row[]).forEach(card);
  });
}

function dropEmptyStrings(row: Row): void {
  for (const [key, value] of Object.entries(row)) if (value === '') delete row[key];
}

/** Renames a body's result fields, keeping every other field where it was. */
function renamed(body: Body, fields: Record<string, [string, (v: unknown) => unknown]>): Body {
  return Object.fromEntries(Object.entries(body).map(([key, value]) => (fields[key] ? [fields[key][0], fields[key][1](value)] : [key, value])));
}

/**
 * Faults and variants that change every gateway answer (/pg/ and /platform/) on its way out, success and
 * failure alike: result scheme, extra or omitted fields, wording, media type, headers, timing. Each one
 * installs its own hook only when it is on, so with none on no answer passes through any of this.
 * The control API (/__mock/) is never changed: tests rely on it to observe the gateway.
 */
export function installAnswerShaping(app: FastifyInstance, { faults, variants }: Behaviour): void {
  const body = (change: (body: Body, family: Family, request: FastifyRequest) => Body | void) =>
    app.addHook('preSerialization', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      if (!isGatewayPath(request.url) || payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
      const copy = structuredClone(payload) as Body;
      return change(copy, familyOf(request.url), request) ?? copy;
    });
  /** Changes headers (and, when it returns a string, the serialized body) of every gateway answer. */
  const sent = (change: (reply: FastifyReply, request: FastifyRequest, text: unknown) => string | void) =>
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) =>
      (isGatewayPath(request.url) ? change(reply, request, payload) ?? payload : payload));
  const isJson = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('application/json');

  // Faults (ERR-3, ERR-4): the families' schemes swapped or mangled, the wrong media type.
  if (faults.has('pg-answers-platform-scheme')) body((b, f) => (f === 'pg' ? renamed(b, { rcode: ['code', Number], rmsg: ['message', String] }) : b));
  if (faults.has('platform-answers-pg-scheme')) body((b, f) => (f === 'platform' ? renamed(b, { code: ['rcode', String], message: ['rmsg', String] }) : b));
  if (faults.has('pg-rcode-as-number')) body((b, f) => (f === 'pg' ? renamed(b, { rcode: ['rcode', Number] }) : b));
  if (faults.has('content-type-text-plain')) sent((reply) => void reply.header('content-type', 'text/plain; charset=utf-8'));
  if (faults.has('vault-content-type-missing')) {
    sent((reply, request) => {
      if (request.url.startsWith('/platform/vault/')) reply.removeHeader('content-type');
    });
  }

  // Variants: what sections 2, 7 and 8 leave open.
  if (variants.has('extra-fields')) {
    body((b) => {
      Object.assign(b, { request_id: `rq_${Date.now().toString(36)}`, server_time: new Date().toISOString(), api_release: '2024-06' });
      if (b.data && typeof b.data === 'object' && !Array.isArray(b.data)) Object.assign(b.data, { webhook_status: 'inactive' });
      eachRecord(b, (c) => Object.assign(c, { customer_status: 'active', tags: ['vip'] }), (a) => Object.assign(a, { address_type: 'residential' }), (c) => Object.assign(c, { card_brand: 'test', token_ref: 'tr_1' }));
    });
  }
  if (variants.has('optional-fields-omitted')) {
    body((b, f) => {
      if (f === 'pg') delete b[b.rcode === '000' ? 'rmsg' : 'pg_id'];
      else delete b.message;
      eachRecord(b, (c, i) => {
        dropEmptyStrings(c);
        if (i % 4 === 3) c.shipping_addresses = [];
      }, dropEmptyStrings, dropEmptyStrings);
    });
  }
  if (variants.has('other-messages')) {
    body((b, f) => {
      if (f === 'pg' && 'rmsg' in b) b.rmsg = b.rcode === '000' ? 'Transaction OK' : `Request declined (${String(b.rcode)})`;
      if (f === 'platform' && 'message' in b) b.message = b.code === 0 ? 'OK' : `Request failed (${String(b.code)})`;
      const data = b.data as Row | undefined;
      if (data && typeof data === 'object' && !Array.isArray(data) && 'message' in data) data.message = 'The webhook is now switched off.';
    });
  }
  if (variants.has('numeric-customer-ids')) body((b) => eachRecord(b, (c) => (c.customer_id = String(Number(String(c.customer_id).replace(/^cust_/, ''))))));
  if (variants.has('vault-mask-asterisk')) {
    const star = (row: Row, field: string) => typeof row[field] === 'string' && (row[field] = (row[field] as string).replace(/x/g, '*'));
    body((b) => eachRecord(b, (c) => star(c, 'primary_card_number'), undefined, (card) => star(card, 'card_number')));
  }
  if (variants.has('content-type-charset-upper')) {
    sent((reply) => {
      if (isJson(reply)) reply.header('content-type', 'application/json;charset=UTF-8');
    });
  }
  if (variants.has('content-type-without-charset')) {
    sent((reply) => {
      if (isJson(reply)) reply.header('content-type', 'application/json');
    });
  }
  if (variants.has('extra-headers')) {
    sent((reply) => void reply.headers({ 'x-request-id': `rq_${Date.now().toString(36)}`, 'cache-control': 'no-store', 'x-ratelimit-remaining': '998', 'x-powered-by': 'gateway' }));
  }
  if (variants.has('json-ascii-escaped')) {
    sent((_reply, _request, text) => (typeof text === 'string' ? text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : undefined));
  }
  if (variants.has('slow-answers')) {
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (isGatewayPath(request.url)) await delay(20 + Math.floor(Math.random() * 61));
    });
  }
}
