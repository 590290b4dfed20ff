import { basicAuthorization } from '../transport/auth.js';

/** One answer's time, by the operation (or family) it was of. */
export type AnswerTime = { operation: string; ms: number };

/**
 * How far a target is for the run's shape (src/config/run-shape.ts): each operation's fastest answer, not its
 * first (the first answers on a connection pay for opening it: TCP, TLS), and the slowest of those: one slow
 * operation (card storage behind a slower service) makes the run wait as a distant target does, however fast
 * the listing answers.
 */
export function slowestFastestMs(times: readonly AnswerTime[]): number {
  const fastest = new Map<string, number>();
  for (const t of times) fastest.set(t.operation, Math.min(t.ms, fastest.get(t.operation) ?? Infinity));
  return Math.max(...fastest.values());
}

/** A probe request unanswered this long is given up: it times nothing, and neither is its operation asked again. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * The answer times of a mock the suite starts itself (a twin of the embedded mock, so its one-time
 * behaviours are left for the run): a listing of one record and a tokenize that carries no payment
 * information, twice each, one after another, with the merchant key. Nothing is judged; any answer counts,
 * and a request that got none (a reset, a cut) times nothing: it is the run's to meet, not a slowness.
 * Node's own fetch, not the preflight's GatewayClient: loading the preflight and its client took 200 to 270 ms
 * of CPU before any request (measured 2026-12-02), on every embedded run, for four requests nothing judges.
 */
export async function probeAnswerTimes(
  baseUrl: string,
  merchant: { merchantId: string; apiKey: string },
): Promise<AnswerTime[]> {
  const headers = { authorization: basicAuthorization(merchant.apiKey), accept: 'application/json' };
  const listing = new URL('/platform/vault/customer', baseUrl);
  listing.search = new URLSearchParams({ count: '1', page: '0', merchant_id: merchant.merchantId }).toString();
  const requests: [string, () => Promise<Response>][] = [
    ['listCustomers', () => fetch(listing, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })],
    [
      'tokenize',
      () =>
        fetch(new URL('/pg/tokenize', baseUrl), {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ merchant_id: merchant.merchantId }),
          signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        }),
    ],
  ];
  const times: AnswerTime[] = [];
  const unanswered = new Set<string>();
  for (let round = 0; round < 2; round++) {
    for (const [operation, send] of requests) {
      if (unanswered.has(operation)) continue;
      const started = performance.now();
      try {
        await (await send()).arrayBuffer();
        times.push({ operation, ms: performance.now() - started });
      } catch {
        unanswered.add(operation);
      }
    }
  }
  return times;
}
