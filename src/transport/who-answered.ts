import { connect } from 'node:tls';
import { familyOf } from '../catalogue/spec.js';
import { parsedJson, type Exchange } from './exchange.js';
import { frontLayerOf } from './front-layers.js';
import type { HttpAnswer } from './http/http-request.js';
import { transportProblem } from './target-unavailable.js';
import {
  certificateNames,
  HOSTNAME_MISMATCH,
  isPlainAnswerToTls,
  NOT_TLS,
  UNTRUSTED_CHAIN_CODES,
} from './tls-mistakes.js';

/**
 * Who answered an exchange: the one place that decides it. Every exchange the suite makes (the checks'
 * client, the probe, the preflight, the traffic proxy's upstream) is classified here once, before any rule
 * sees it, into exactly one of three classes.
 *
 * - gateway: any answer on a 2xx or 4xx status (but 407 and 429), and a 5xx whose JSON body carries its
 *   family's result scheme (/pg/ a string rcode, /platform/ an integer code). The document says "HTTP status
 *   codes and the shape of error bodies: not shown", so the status never decides a verdict; section 7 gives
 *   each family its "failure indicator", so the body's scheme decides who spoke. A 4xx is the gateway's even
 *   without the indicator: whatever answers at the base URL with a client error answers for the gateway, and
 *   the rules (ERR-1, ERR-2) fail it for leaving its family's scheme. All but one kind: a 4xx in neither
 *   family's scheme that carries the mark of a layer in front (front-layers.yaml), or answers a request whose
 *   Authorization header an intermediary refuses on its shape alone, was refused in front of the gateway
 *   (`refusedInFront`): returned as the refusal it is, not judged by ERR-1/ERR-2.
 * - infrastructure: what stands between the runner and the gateway and answers in its place, or nothing
 *   answering at all: no connection, a reset, a time-out, a body cut short, 429 (a rate limiter), and a 5xx
 *   without the family's scheme (a load balancer's HTML page, an API gateway's {"message":…}). The target
 *   could not be judged: retried within the run's budget, then TARGET UNAVAILABLE (exit 3). Section 8 leaves
 *   limits and time-outs "not shown", so none of this is held against the gateway.
 * - configuration: what only a setup mistake produces, and no retry can mend: https to a plain-http port,
 *   http to a TLS port, a certificate no trusted authority signed or that names another host, a host name
 *   that does not resolve, an egress proxy asking for its own credentials (407), a redirect away from
 *   PG_BASE_URL. One sentence naming the variable; CONFIGURATION ERROR (exit 2).
 *
 * When a write may be sent again (`processed`): 429 and 503 say the request was not processed, and a
 * connection refused, a name that did not resolve or a failed TLS handshake never delivered it, so any
 * method may be resent. Other 5xx, resets, time-outs and cut bodies leave the outcome unknown: a read may be
 * resent; what a write may do then is the client's policy (gateway-client.ts).
 */
export type Answered =
  | { by: 'gateway' }
  | { by: 'infrastructure'; problem: string; processed: 'no' | 'unknown' }
  | { by: 'configuration'; problem: string };

/** The family's result scheme: /pg/ a string rcode, /platform/ an integer code (section 7's indicators). */
export function carriesFamilyScheme(text: string, path: string): boolean {
  const body = parsedJson(text);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const fields = body as Record<string, unknown>;
  return familyOf(path) === 'pg' ? typeof fields.rcode === 'string' : Number.isInteger(fields.code);
}

/**
 * An Authorization value longer than this is refused for its size: far beyond any section 5 token (the Base 64
 * of a key), and under the 8 KB at which common servers and proxies stop reading a header line.
 */
export const OVERSIZED_AUTHORIZATION = 4_096;

/** Section 5.3's token: Base 64, its strict alphabet, padded with "=" to a multiple of four characters. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** HTTP's credentials (RFC 9110 11.4): an auth-scheme, one or more spaces, the rest. */
const CREDENTIALS = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)( +)(.*)$/;
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;
/**
 * RFC 7617's colon, as a byte: the user-pass is text in a charset compatible with US-ASCII (UTF-8 when the
 * server asks for it), where ":" is 0x3A and, in UTF-8 as in ISO 8859, no other character's bytes hold 0x3A.
 * So the decoded bytes are searched for it, never read as UTF-8: bytes that are not UTF-8 (a password in
 * another charset) leave the header in the form, and refusing them is the gateway's.
 */
const COLON = 0x3a;

/**
 * The line between a request only the gateway can refuse and one an intermediary refuses on its shape alone.
 * Section 5.4 gives the header one form, `Authorization: Basic <API_TOKEN>` ("Basic followed by a space and the
 * token"), and 5.3 the token: the Base 64 of ":" followed by the API key, which is RFC 7617's user-pass (a
 * user-id, a colon, a password) with an empty user-id. Anything but that construction is out of the form, and a
 * WAF or CDN in front of a gateway may refuse it with its own page and never let it through: another scheme (or
 * none), the scheme in another case (`basic`), more than one space or any other white space after it, a token
 * that is not Base 64, control characters, a header too long or sent twice (a repeated field arrives joined by
 * ", ", RFC 9110 5.3, which is no Base 64 token), and a Basic credential whose decoded text has no colon (the key
 * encoded alone, a token encoded twice), which RFC 7617 never builds. HTTP lets a server read the scheme in any
 * case and more spaces (RFC 9110 11.1, 11.4); it does not oblige a layer in front to, and the document writes
 * one form. Why the header is out of the form, or undefined when it is in it.
 *
 * Of what the token decodes to, only whether it holds a colon is read: never the key, so a well-formed token
 * of a key the gateway never issued is in the form, as is one with a user part (section 5.6's try-it tool sends
 * the merchant ID there). A request without the header is in no intermediary's way either: the gateway alone
 * refuses it (AUTH-1), unless a layer in front answers with its own mark (`refusedInFront`).
 */
export function authorizationOutOfForm(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization === '') return undefined;
  if (Buffer.byteLength(authorization, 'utf8') > OVERSIZED_AUTHORIZATION)
    return `the header is over ${OVERSIZED_AUTHORIZATION} bytes`;
  if (CONTROL.test(authorization)) return 'the header carries control characters';
  const credentials = CREDENTIALS.exec(authorization);
  if (!credentials) return 'the header is not a scheme, a space and a token';
  const [, scheme, spaces, token] = credentials;
  if (scheme!.toLowerCase() !== 'basic') return 'the scheme is not Basic';
  if (scheme !== 'Basic') return `the scheme is written "${scheme}", not "Basic"`;
  if (spaces !== ' ') return `${spaces!.length} spaces follow the scheme, not one`;
  if (!token || !BASE64.test(token)) return 'the token is not Base 64';
  if (!Buffer.from(token, 'base64').includes(COLON)) return 'the decoded token has no colon';
  return undefined;
}

/** The media type of an answer's content-type, as served (parameters such as charset left off), for a sentence. */
export function servedMediaType(headers: Readonly<Record<string, string | undefined>>): string | undefined {
  return headers['content-type']?.split(';')[0]?.trim();
}

/**
 * A refusal made in front of the gateway: the layer that made it, named by its own mark (front-layers.yaml), or
 * why the request was out of form when no mark names it; and how it was answered.
 */
export type RefusedInFront = {
  layer?: { name: string; mark: string; source: string };
  outOfForm?: string;
  status: number;
  type: string;
  server: string;
};

/**
 * Refused in front of the gateway: a 4xx (the client-error class `whoAnswered` gives the gateway) carrying
 * neither family's result indicator, that either carries the mark a layer in front documents setting on the
 * answers it makes itself (`frontLayerOf`: an API gateway's x-amzn-ErrorType, CloudFront's Server: CloudFront),
 * or answers a request whose Authorization header is out of section 5.4's form (`authorizationOutOfForm`). The
 * request was refused, which is all section 5 asks; who refused it is not the gateway, so section 7's
 * indicators do not apply. An answer carrying rcode or code was the gateway's, in whatever scheme and with
 * whatever headers, and is judged as such; so is one without them and without a mark, to a request in the form.
 */
export function refusedInFront(exchange: Exchange): RefusedInFront | undefined {
  if (exchange.status < 400 || exchange.status >= 500) return undefined;
  const body = exchange.json;
  if (body && typeof body === 'object' && !Array.isArray(body) && ('rcode' in body || 'code' in body)) return undefined;
  const seen = frontLayerOf(exchange.headers);
  const outOfForm = authorizationOutOfForm(exchange.request.headers.authorization);
  if (!seen && !outOfForm) return undefined;
  return {
    ...(seen ? { layer: { name: seen.layer.name, mark: seen.mark, source: seen.layer.source } } : {}),
    ...(outOfForm ? { outOfForm } : {}),
    status: exchange.status,
    type: servedMediaType(exchange.headers) ?? 'no content-type',
    server: exchange.headers.server ?? '(none)',
  };
}

const PROXY_CREDENTIALS =
  'the egress proxy asked for its own credentials (HTTP 407 Proxy Authentication Required): ' +
  "put the proxy's user and password in HTTPS_PROXY / HTTP_PROXY (http://user:password@proxy:port), " +
  "or set NO_PROXY for the gateway's host if it needs no proxy.";

/** The start of a body, on one line, for a sentence: what an intermediary answered in the gateway's place. */
function glimpse(answer: HttpAnswer): string {
  const type = servedMediaType(answer.headers) ?? 'no content-type';
  const text = answer.text.replace(/\s+/g, ' ').trim();
  return `${type}${text ? `: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}` : ', empty body'}`;
}

/** Who answered, for an answer that came: `path` is the request's path under the base URL. */
export function whoAnswered(answer: HttpAnswer, path: string): Answered {
  const { status } = answer;
  if (status >= 200 && status < 300) return { by: 'gateway' };
  if (status === 407) return { by: 'configuration', problem: PROXY_CREDENTIALS };
  if (status >= 300 && status < 400) {
    const location = answer.headers.location;
    return {
      by: 'configuration',
      problem:
        `PG_BASE_URL is not where the operations are served: ${path} answered HTTP ${status} ` +
        `redirecting to ${location ?? '(no location)'}; ` +
        'the document shows no redirects and the suite does not follow them: set PG_BASE_URL to the address they lead to.',
    };
  }
  if (status === 400 && /plain HTTP request was sent to HTTPS port/i.test(answer.text)) {
    const problem = `PG_BASE_URL uses http:// but this port speaks TLS (HTTP 400: ${glimpse(answer)}): use https:// in PG_BASE_URL.`;
    return { by: 'configuration', problem };
  }
  if (status === 429) return { by: 'infrastructure', problem: 'answered HTTP 429 (rate limited)', processed: 'no' };
  if (status >= 400 && status < 500) return { by: 'gateway' };
  if (status >= 500 && carriesFamilyScheme(answer.text, path)) return { by: 'gateway' };
  const family = familyOf(path) === 'pg' ? '/pg/ rcode' : '/platform/ code';
  return {
    by: 'infrastructure',
    problem: `answered HTTP ${status} without the ${family} (an intermediary's answer, ${glimpse(answer)})`,
    processed: status === 503 ? 'no' : 'unknown',
  };
}

type TransportError = Error & {
  code?: string;
  hostname?: string;
  cert?: Parameters<typeof certificateNames>[0];
  statusCode?: number;
};

/** What a request that got no answer can be: never the gateway's. */
export type NotAnswered = Exclude<Answered, { by: 'gateway' }>;

/** Who answered, for a request that got no answer: `url` is the one requested. */
export function whoFailed(error: unknown, url: URL): NotAnswered {
  const err = error as TransportError;
  const code = err?.code;
  const message = err?.message ?? String(error);
  const host = url.host;
  if (code === 'ERR_PROXY_TUNNEL' && err.statusCode === 407) return { by: 'configuration', problem: PROXY_CREDENTIALS };
  if (
    url.protocol === 'https:' &&
    (code === 'EPROTO' || code?.startsWith('ERR_SSL_')) &&
    isPlainAnswerToTls(code, message)
  ) {
    const problem = `PG_BASE_URL uses https:// but ${host} has ${NOT_TLS} Use http:// in PG_BASE_URL, or the port that serves https.`;
    return { by: 'configuration', problem };
  }
  if (code && UNTRUSTED_CHAIN_CODES.has(code)) {
    return {
      by: 'configuration',
      problem:
        `the certificate of ${host} is not signed by a certificate authority this machine trusts (${transportProblem(error)}): ` +
        'if this target is meant to present it (a private sandbox, a TLS-inspecting proxy), ' +
        'give Node its authority with NODE_EXTRA_CA_CERTS=<ca.pem>; ' +
        'otherwise check the host in PG_BASE_URL.',
    };
  }
  if (code === HOSTNAME_MISMATCH) {
    return {
      by: 'configuration',
      problem:
        `the certificate of ${host} names ${certificateNames(err.cert)}, not ${url.hostname}: ` +
        'set PG_BASE_URL to a host name the certificate covers.',
    };
  }
  if (code === 'ENOTFOUND') {
    const named = err.hostname ?? url.hostname;
    const problem =
      named === url.hostname
        ? `PG_BASE_URL names a host that does not resolve: ${named} has no DNS record (ENOTFOUND); check its spelling.`
        : `the proxy host ${named} does not resolve (ENOTFOUND): check HTTPS_PROXY / HTTP_PROXY.`;
    return { by: 'configuration', problem };
  }
  const problem = transportProblem(error);
  // Never delivered: nothing listened, the name was not resolved yet, the proxy refused the tunnel.
  const delivered = ![
    'ECONNREFUSED',
    'EAI_AGAIN',
    'ERR_PROXY_TUNNEL',
    'CERT_HAS_EXPIRED',
    'CERT_NOT_YET_VALID',
  ].includes(code ?? '');
  return { by: 'infrastructure', problem, processed: delivered ? 'unknown' : 'no' };
}

/** A reset with no answer on an http:// URL: what a TLS port does with plain http bytes (Node's servers reset). */
export function mayBePlainHttpToTls(error: unknown, url: URL): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return url.protocol === 'http:' && (code === 'ECONNRESET' || code === 'EPIPE');
}

/**
 * Asks the port of an http:// URL for a TLS handshake: one that completes means the port speaks TLS and
 * PG_BASE_URL should say https://. Undefined when it does not (the reset was the network's).
 */
export function tlsOnPlainUrl(url: URL, timeoutMs = 3_000): Promise<NotAnswered | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 80), rejectUnauthorized: false });
    const done = (answered: NotAnswered | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answered);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    socket.once('secureConnect', () =>
      done({
        by: 'configuration',
        problem:
          `PG_BASE_URL uses http:// but ${url.host} speaks TLS (it reset the plain request and completed a TLS handshake): ` +
          'use https:// in PG_BASE_URL.',
      }),
    );
    socket.once('error', () => done(undefined));
  });
}
