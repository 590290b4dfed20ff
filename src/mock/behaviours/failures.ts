import { AUTH_FAILURES } from '../gateway/errors.js';
import { newCardId } from '../state/ids.js';
import type { SeamAnswer, FailureContext } from '../gateway/seams.js';
import type { Behaviour } from './behaviour.js';

/** Section 5 and 7 behaviours on failure answers of the gateway's own paths, after the conformant one is built. */

const onGatewayFailure =
  (change: (body: Record<string, unknown>, context: FailureContext) => void) =>
  (answer: SeamAnswer, context: FailureContext) => {
    if (context.gateway && answer.body) change(answer.body, context);
  };
const isAuth = (context: FailureContext) => AUTH_FAILURES.includes(context.error.failure);
const HTML_400 = '<html><head><title>400 Bad Request</title></head><body><h1>Bad Request</h1></body></html>';

/** A failure of `family` with an HTTP error status, its body in the other family's scheme. */
const inOtherScheme = (family: 'pg' | 'platform') => (answer: SeamAnswer, context: FailureContext) => {
  if (!context.gateway || context.family !== family || answer.status < 400 || !answer.body) return;
  const { rcode, rmsg, pg_id: _pgId, code, message, ...rest } = answer.body;
  answer.body =
    family === 'pg' ? { code: Number(rcode), message: rmsg, ...rest } : { rcode: String(code), rmsg: message, ...rest };
};

export const FAILURE_FAULTS = [
  // AUTH-7: a rejection discloses nothing.
  {
    name: 'rejection-leaks-customers',
    rule: 'AUTH-7',
    description: 'A vault listing refused for authentication still carries customer records in data.',
    failure: (answer, context, env) =>
      onGatewayFailure((b, c) => {
        if (isAuth(c) && c.url.startsWith('/platform/vault/')) b.data = [env.customer(0), env.customer(1)];
      })(answer, context),
  },
  {
    name: 'rejection-leaks-card-id',
    rule: 'AUTH-7',
    description: 'A tokenize request refused for authentication still carries a card_id.',
    failure: onGatewayFailure((b, c) => isAuth(c) && c.family === 'pg' && (b.card_id = newCardId())),
  },
  // ERR-1, ERR-2: section 7's failure fields.
  {
    name: 'pg-failure-rmsg-empty',
    rule: 'ERR-1',
    description: '/pg/ failures carry an empty rmsg.',
    failure: onGatewayFailure((b, c) => c.family === 'pg' && (b.rmsg = '')),
  },
  {
    name: 'pg-failure-without-rmsg',
    rule: 'ERR-1',
    description: '/pg/ failures carry no rmsg.',
    failure: onGatewayFailure((b, c) => c.family === 'pg' && delete b.rmsg),
  },
  // ERR-1, ERR-2: a failure without its family's indicator, whatever else its body is (section 7's table
  // makes rcode / code the indicator of every answer of the family; only the rest of the shape is not shown).
  {
    name: 'pg-failure-html-400',
    rule: 'ERR-1',
    description: '/pg/ failures are an HTML page with HTTP 400 and no rcode.',
    failure: (a, c) => {
      if (c.gateway && c.family === 'pg')
        Object.assign(a, { status: 400, body: undefined, type: 'text/html', text: HTML_400 });
    },
  },
  {
    name: 'platform-failure-empty-400',
    rule: 'ERR-2',
    description: '/platform/ failures are an empty HTTP 400 body, with no code.',
    failure: (a, c) =>
      void (c.gateway && c.family === 'platform' && Object.assign(a, { status: 400, body: undefined })),
  },
  // ERR-3: a failure with an HTTP error status in the other family's scheme (error-body changes are not
  // shown, the scheme is); a body in no scheme at all is ERR-1's or ERR-2's (pg-failure-html-400).
  {
    name: 'platform-errors-in-pg-scheme',
    rule: 'ERR-3',
    description:
      '/platform/ failures with an HTTP error status answer in the /pg/ scheme: {"rcode":"1004","rmsg":…} instead of code and message.',
    failure: inOtherScheme('platform'),
    acrossTheRun: "ERR-3 is judged on every failure any test provokes, most of them outside ERR-3's own tests",
  },
  {
    name: 'pg-errors-in-platform-scheme',
    rule: 'ERR-3',
    description:
      '/pg/ failures with an HTTP error status answer in the /platform/ scheme: {"code":101,"message":…} instead of rcode and rmsg.',
    failure: inOtherScheme('pg'),
    acrossTheRun: "ERR-3 is judged on every failure any test provokes, most of them outside ERR-3's own tests",
  },
  {
    name: 'platform-failure-code-as-string',
    rule: 'ERR-2',
    description: '/platform/ failures carry code as a string of digits ("1004").',
    failure: onGatewayFailure((b, c) => c.family === 'platform' && (b.code = String(b.code))),
  },
] as const satisfies readonly Behaviour[];

export const STATUS_VARIANTS = [
  // Section 7: HTTP statuses and the shape of error bodies are not shown. Applied in this order.
  {
    name: 'auth-failures-403',
    rule: 'AUTH-7',
    description: 'Authentication failures are answered with HTTP 403 instead of 401.',
    failure: (a, c) => void (c.gateway && isAuth(c) && (a.status = 403)),
  },
  {
    name: 'validation-failures-422',
    rule: 'ERR-1',
    description: 'Malformed requests are answered with HTTP 422 instead of 400.',
    failure: (a, c) => void (c.gateway && a.status === 400 && (a.status = 422)),
  },
  {
    name: 'failures-http-200',
    rule: 'AUTH-7',
    description: 'Every failure is answered with HTTP 200; only the body (rcode or code) says it failed.',
    failure: (a) => void (a.status = 200),
  },
  // Section 7 and the published reference: a gateway that answers a failure with HTTP 500 and its own scheme.
  {
    name: 'pg-failures-http-500',
    rule: 'ERR-1',
    description: "Tokenize failures are answered with HTTP 500; the body is the failure's rcode and rmsg.",
    failure: (a, c) => void (c.gateway && c.family === 'pg' && (a.status = 500)),
  },
  {
    name: 'success-statuses-2xx',
    rule: 'ERR-4',
    description: 'A new card is answered HTTP 201 and a disable HTTP 202; the bodies are the same.',
    answer: (a, c) => {
      if (a.status !== 200) return;
      if (c.operation === 'tokenize' && c.input.cardId === undefined) a.status = 201;
      if (c.operation === 'disableWebhook') a.status = 202;
    },
  },
] as const satisfies readonly Behaviour[];
