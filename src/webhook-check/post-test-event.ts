import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { failed, type Finding } from './findings.js';
import { networkProblem } from './network-problems.js';

/** A delivery nobody can mistake for a real event, and that a receiver can recognise and drop. */
export function validationPayload(now = new Date()): Record<string, unknown> {
  return {
    event: 'webhook.validation',
    test: true,
    id: `whv_${randomUUID()}`,
    created_at: now.toISOString(),
    note: 'Test delivery from gateway-conformance webhook:check. Not a real event: answer 2xx and ignore it.',
  };
}

const HINTS: Record<number, string> = {
  401: 'the receiver asks for credentials the gateway will not send; accept deliveries without them or check the URL',
  403: 'the receiver or a firewall refuses the request; allow POSTs from the gateway',
  404: 'nothing is routed at this path; check the path in the URL',
  405: 'the path does not accept POST; the gateway always delivers with POST',
  413: 'the receiver rejects the body size; allow at least a few kilobytes of JSON',
  415: 'the receiver refuses application/json; the gateway posts JSON',
};

function judge(res: IncomingMessage, ms: number): Finding {
  const status = res.statusCode ?? 0;
  const answered = `answered ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''} in ${ms} ms`;
  if (status >= 200 && status < 300) return { check: 'post', status: 'pass', message: `JSON POST ${answered}` };
  if (status >= 300 && status < 400) {
    const to = res.headers.location ? `, pointing to ${res.headers.location}` : '';
    return failed(
      'post',
      'REDIRECT',
      `redirect: ${answered}${to}. Redirects are not followed (a redirected POST can turn into a GET or be ` +
        `lost); set the notification URL to the final address.`,
    );
  }
  const hint =
    HINTS[status] ??
    (status >= 500 ? 'the receiver failed; check its logs' : 'a delivery is acknowledged only by a 2xx answer');
  return failed('post', `HTTP_${status}`, `not acknowledged: ${answered}; ${hint}.`);
}

/**
 * Posts one test event as the gateway would (JSON, POST, no redirects followed) and reads the whole answer
 * within `timeoutMs`. `lookup` pins the connection to the address the DNS check found.
 */
export function postTestEvent(
  url: URL,
  options: { timeoutMs: number; ca?: string[]; lookup?: LookupFunction },
): Promise<Finding> {
  const body = JSON.stringify(validationPayload());
  const where = `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
  return new Promise((resolve) => {
    const started = Date.now();
    let settled = false;
    const done = (finding: Finding) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(finding);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'POST',
      agent: false,
      ca: options.ca,
      lookup: options.lookup,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'gateway-conformance-webhook-check',
      },
    });
    const late = `no answer within ${options.timeoutMs} ms: answer 2xx at once and do slow work after acknowledging.`;
    const timer = setTimeout(() => done(failed('post', 'TIMEOUT', late)), options.timeoutMs);
    const broken = (err: NodeJS.ErrnoException) =>
      done(failed('post', err.code ?? 'ERROR', networkProblem(err.code, err.message, where)));
    req.on('response', (res) => {
      res.resume(); // the answer's body does not matter, only that it ends in time
      res.on('end', () => done(judge(res, Date.now() - started)));
      res.on('error', broken);
    });
    req.on('error', broken);
    req.end(body);
  });
}
