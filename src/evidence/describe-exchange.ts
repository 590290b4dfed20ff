import type { Exchange } from '../transport/exchange.js';
import type { Redactor } from './redact.js';
import { authorizationShown, reproduceWithCurl } from './reproduce-line.js';

const MAX_BODY = 2_000;

function clip(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length - MAX_BODY} more characters)` : text;
}

/** The request (redacted) and what came back, as a finding holds them: without the reproduce line. */
export function exchangeShown(exchange: Exchange, redactor: Redactor): string {
  const { request } = exchange;
  const headers = Object.entries(request.headers)
    .map(([k, v]) => `    ${k}: ${k === 'authorization' ? authorizationShown(v) : v}`)
    .join('\n');
  const sent =
    request.body === undefined
      ? ''
      : `\n  body: ${clip(redactor.text(typeof request.body === 'string' ? request.body : JSON.stringify(request.body)))}`;
  const got = exchange.json === undefined ? exchange.text : JSON.stringify(exchange.json);
  return [
    `Sent: ${request.method} ${redactor.text(request.url)}`,
    headers,
    sent.trimEnd() ? sent.slice(1) : '',
    `Received: HTTP ${exchange.status}, content-type ${exchange.headers['content-type'] ?? '(none)'}, ${exchange.ms} ms`,
    `  body: ${clip(redactor.text(got))}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The exchange as a failure message and the traffic ledger show it: the request, the answer, the reproduce line. */
export function describeExchange(exchange: Exchange, redactor: Redactor): string {
  return `${exchangeShown(exchange, redactor)}\nReproduce with: ${reproduceWithCurl(exchange, redactor)}`;
}
