import { randomUUID } from 'node:crypto';
import { basicAuthorization } from '../transport/auth.js';
import { succeeded, type Exchange } from '../transport/exchange.js';
import { DEFAULT_RETRY, GatewayClient, type Auth, type RetryPolicy } from '../transport/gateway-client.js';
import { Pacer } from '../transport/pacer.js';
import { atOnce } from '../transport/at-once.js';
import { TargetMisconfiguredError } from '../transport/target-misconfigured.js';
import { TargetUnavailableError } from '../transport/target-unavailable.js';
import { described, same } from '../checks/compared-answers.js';
import { listingQuery } from '../checks/vault/walk.js';
import { slowestFastestMs } from './answer-times.js';
import { compareIds, copyHint, PREFLIGHT_CARD } from './id-comparisons.js';
import { keyRemedy, listingTook, ONLY_THE_LISTING, WITHOUT_INTEGRATOR } from './key-refusals.js';
import type { SuiteConfig } from '../config/config.js';
import type { MerchantIdForm } from '../catalogue/request-builders.js';

/**
 * The preflight: before any check, the document's own authentication check (the vault listing, sections 1
 * and 4.2) asked with each configured key, to tell a mistake in the setup from a deviation of the gateway.
 *
 * What counts as configuration, and why. The document lists no HTTP status and no response code, so no
 * status (401, 403, 404) or code is taken to mean "refused" or "not found" by itself. The target is asked to
 * compare instead, with requests the suite makes up and the target cannot know:
 * - a key the target answers exactly as it answers a key it never issued (same HTTP status, same code or
 *   rcode) is refused: the target cannot tell the operator's key from a made-up one;
 * - a listing path the target answers exactly as it answers a made-up path under the same base, while a
 *   made-up key gets another answer there, is not found: PG_BASE_URL does not lead to the operations; when
 *   the listing is found under a shorter path of PG_BASE_URL, that shorter one is the base address. A key
 *   the target knows but refuses on every path answers the same, so the sentence names the key too, and the
 *   listing served to the vendor key shows the path exists: then it is not asked;
 * - a key refused otherwise than a key never issued is known to the target: where nothing the preflight asks
 *   serves it, the key is named as known but refused (key-refusals.ts says when, for each key).
 * What a deviation of a gateway can also produce becomes configuration only where nothing tells the two
 * apart, and then the sentence names both. A gateway may deviate by refusing a valid key on the listing
 * (AUTH-5's fault vendor-key-refused-on-vault does exactly that) and a black box cannot tell that from a
 * wrong key by the listing alone; so a key the listing refuses is asked once more
 * on tokenize, with a body that carries no payment information (nothing to store), beside the made-up key:
 * a target that tells the two apart there knows the key, the listing's refusal is the gateway's deviation
 * and the run goes on to judge it. Production without PG_ALLOW_WRITES=1 allows no tokenize, so there a key
 * the listing refuses is configuration, and the sentence says what else it could be.
 * A key the listing refuses otherwise is known to the target, and the comparisons that follow ask whether
 * anything serves it; what they do not stop on (another failure, a success in another scheme) is left to the
 * rules: AUTH-6 and the vault rules judge it, with the exchange in the failure. Then PG_MERCHANT_ID and PG_VENDOR_ID
 * are compared the same way, each beside a made-up one, and the keys against each other's IDs to name a
 * swap (id-comparisons.ts says where each is asked and why).
 * Who answered each request is the client's classification (who-answered.ts): infrastructure beyond the
 * client's budget is the target being unavailable (exit 3), a setup mistake it meets (TLS, DNS, a proxy's
 * 407) is configuration (exit 2).
 */

export type PreflightResult =
  /**
   * Nothing wrong with the configuration that the target showed. `roundTripMs`: the fastest answer of its
   * slowest operation, sending to reading, whole ms: how far the target is (src/config/run-shape.ts).
   */
  | { kind: 'ok'; requests: number; roundTripMs: number; notes?: string[]; merchantIdForm?: MerchantIdForm }
  /** One plain sentence per problem, naming the variable and what to do; the run must not start (exit 2). */
  | { kind: 'configuration'; problems: string[]; requests: number; notes?: string[] }
  /** The target could not be asked (exit 3). */
  | { kind: 'unavailable'; problem: string; requests: number };

type Target = Pick<SuiteConfig, 'target' | 'merchant' | 'vendor' | 'allowWrites' | 'maxRps' | 'webhookId'> & {
  baseUrl: string;
};

/** Shorter bases to try when PG_BASE_URL has a path: /a/b → /a, then the host alone. */
function shorterBases(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const parts = url.pathname.split('/').filter(Boolean);
  return parts.map((_, i) => [url.origin, ...parts.slice(0, -1 - i)].join('/'));
}

/** A path under the vault that does not exist, new each time: how the target answers one there. */
const madeUpPath = (gateway: GatewayClient) =>
  gateway.send({ method: 'GET', path: `/platform/vault/conformance-preflight-${randomUUID()}`, auth: 'merchant' });

export async function preflight(config: Target, retry: RetryPolicy = DEFAULT_RETRY): Promise<PreflightResult> {
  const pacer = config.maxRps ? new Pacer(config.maxRps) : undefined;
  const madeUpKey = `conformance-preflight-${randomUUID()}`;
  const madeUp: Auth = { authorization: basicAuthorization(madeUpKey) };
  // The test card too: a target may quote it back in a message the sentence repeats.
  const secrets = [config.merchant.apiKey, config.vendor?.apiKey, madeUpKey, PREFLIGHT_CARD].filter(
    (s): s is string => !!s,
  );
  const redact = (text: string) => secrets.reduce((t, s) => t.split(s).join('[REDACTED]'), text);
  const clients: GatewayClient[] = [];
  const client = (baseUrl: string) => {
    const c = new GatewayClient(
      baseUrl,
      { merchantKey: config.merchant.apiKey, vendorKey: config.vendor?.apiKey },
      // Tokenize is asked only where the run itself may write; the preflight never disables anything.
      { allowWrites: config.allowWrites, webhooks: [] },
      redact,
      retry,
      pacer,
    );
    clients.push(c);
    return c;
  };
  const requests = () => clients.reduce((n, c) => n + c.exchanges.length, 0);
  const stop = (problem: string): PreflightResult => ({
    kind: 'configuration',
    problems: [problem],
    requests: requests(),
  });
  const roundTripMs = () =>
    slowestFastestMs(
      clients.flatMap((c) => c.exchanges).map((e) => ({ operation: e.operation ?? e.family, ms: e.ms })),
    );
  const query = listingQuery(config.merchant.merchantId, 1);
  const gateway = client(config.baseUrl);

  try {
    // The vendor's asked up front, beside the merchant's: served, it shows PG_BASE_URL leads to the listing
    // whatever the merchant key met there.
    const [merchant, vendor] = await atOnce([
      gateway.listCustomers(query, 'merchant'),
      config.vendor ? gateway.listCustomers(query, 'vendor') : undefined,
    ]);
    const problems: string[] = [];
    let merchantKeyTaken = true;
    let vendorKeyTaken = true;
    let fake: Exchange | undefined;
    const fakeListing = async () => (fake ??= await gateway.listCustomers(query, madeUp));

    if (!succeeded(merchant)) {
      const fakeKey = await fakeListing();
      const keyRefused = listingTook(merchant, fakeKey) === 'never issued';
      // A key refused on every path answers a path that does not exist as it answers the listing; the listing
      // served to the vendor key shows the path exists, so that comparison is not asked then.
      const listingFound = vendor !== undefined && succeeded(vendor);
      const pathUnknown = !listingFound && same(merchant, await madeUpPath(gateway));
      if (pathUnknown) {
        for (const base of shorterBases(config.baseUrl)) {
          const there = client(base);
          const listing = await there.listCustomers(query, 'merchant');
          if (succeeded(listing) || !same(listing, await madeUpPath(there))) {
            const removed = new URL(config.baseUrl).pathname
              .replace(/\/$/, '')
              .slice(new URL(base).pathname.replace(/\/$/, '').length);
            return stop(
              `PG_BASE_URL should be the base address without a path such as ${removed}: the vault listing is not ` +
                `found under ${config.baseUrl} ` +
                `(${described(merchant)}, as for a path that does not exist) but is found under ${base}; set PG_BASE_URL=${base}.`,
            );
          }
        }
      }
      if (pathUnknown && !keyRefused) {
        return stop(
          `PG_BASE_URL does not lead to the gateway's operations: ${config.baseUrl}/platform/vault/customer ` +
            `answers as a path that does not exist does (${described(merchant)}); ` +
            'set PG_BASE_URL to the base address the operations are found under (without /pg or /platform). ' +
            'Or PG_BASE_URL is right and the target refuses PG_API_KEY on every path, one that does not exist ' +
            `included, though not as it refuses a key it never issued (${described(fakeKey)}): a key it knows but ` +
            'refuses (disabled, expired), or a gateway that refuses every merchant key (a deviation AUTH-2 names), ' +
            'which looks the same from outside.',
        );
      }
      if (keyRefused && pathUnknown) {
        return stop(
          `PG_API_KEY or PG_BASE_URL is wrong: the vault listing answered the key as it answers a key it never ` +
            `issued and a path that does not exist (${described(merchant)}); ` +
            "check that PG_BASE_URL is the gateway's base address and copy the API key from the manager portal.",
        );
      }
      if (keyRefused && !(await knownOnTokenize(gateway, config, 'merchant', madeUp))) {
        merchantKeyTaken = false;
        problems.push(refusedSentence('PG_API_KEY', merchant, config));
      }
    }

    // A vendor key the listing answered as one never issued is asked on tokenize; one it refused otherwise is
    // known to the target, and the ID comparisons name it where tokenize does not serve it either.
    if (config.vendor && vendor && !succeeded(vendor)) {
      const refusedThere = listingTook(vendor, await fakeListing()) === 'never issued';
      if (refusedThere && !(await knownOnTokenize(gateway, config, 'vendor', madeUp))) {
        vendorKeyTaken = false;
        problems.push(`${refusedSentence('PG_VENDOR_API_KEY', vendor, config)} ${WITHOUT_INTEGRATOR}`);
      }
    }
    const keys = { listing: merchant, madeUpKey: fake, vendorListing: vendor, merchantKeyTaken, vendorKeyTaken };
    const ids = await compareIds(gateway, config, keys, madeUp, redact);
    problems.push(...ids.problems);
    const notes = ids.notes.length ? { notes: ids.notes } : {};
    if (problems.length) return { kind: 'configuration', problems, requests: requests(), ...notes };
    const form = ids.merchantIdForm === 'number' ? { merchantIdForm: ids.merchantIdForm } : {};
    return { kind: 'ok', requests: requests(), roundTripMs: roundTripMs(), ...notes, ...form };
  } catch (error) {
    if (error instanceof TargetUnavailableError)
      return { kind: 'unavailable', problem: error.message, requests: requests() };
    if (error instanceof TargetMisconfiguredError) return stop(error.problem);
    throw error;
  }
}

function refusedSentence(variable: 'PG_API_KEY' | 'PG_VENDOR_API_KEY', answer: Exchange, config: Target): string {
  const readOnly = !config.allowWrites ? ` ${ONLY_THE_LISTING}` : '';
  const hint = copyHint(variable, (variable === 'PG_API_KEY' ? config.merchant.apiKey : config.vendor?.apiKey) ?? '');
  return (
    `The target refused ${variable}: the vault listing answered it exactly as it answers a key it never issued ` +
    `(${described(answer)}); ${keyRemedy(variable, config, false)}.${hint}${readOnly}`
  );
}

/**
 * The key asked once more, on tokenize, with a body that carries no payment information (so there is
 * nothing to store), beside the made-up key: a different answer means the target knows the key.
 * Not asked where the run may not write (production without PG_ALLOW_WRITES=1).
 */
async function knownOnTokenize(
  gateway: GatewayClient,
  config: Target,
  auth: 'merchant' | 'vendor',
  madeUp: Auth,
): Promise<boolean> {
  if (!config.allowWrites) return false;
  const body = {
    merchant_id: config.merchant.merchantId,
    ...(auth === 'vendor' ? { vendor_id: config.vendor?.vendorId } : {}),
  };
  const mine = await gateway.tokenize(body, auth);
  if (succeeded(mine)) return true;
  return !same(mine, await gateway.tokenize(body, madeUp));
}
