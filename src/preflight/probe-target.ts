import { sendRequest } from '../transport/http/http-request.js';
import { mayBePlainHttpToTls, tlsOnPlainUrl, whoAnswered, whoFailed } from '../transport/who-answered.js';

/** Why a target cannot be judged yet: a setup mistake (exit 2) or the target not answering (exit 3). */
export type ProbeProblem = { kind: 'configuration' | 'unavailable'; problem: string };

const LISTING = '/platform/vault/customer';

/**
 * One unauthenticated GET of the vault listing, classified by who answered (who-answered.ts): an answer of
 * the gateway, or of infrastructure that may be gone by the run (a 503, a 429), lets the run go on; a setup
 * mistake (TLS or scheme, a name that does not resolve, a proxy asking for credentials) and no answer at all
 * are returned. Sends no credentials, so nothing secret is at stake.
 */
export async function probeTarget(baseUrl: string, timeoutMs = 10_000): Promise<ProbeProblem | undefined> {
  const url = new URL(`${baseUrl}${LISTING}?count=1&page=0`);
  try {
    // The suite's own client: the same proxy variables and connections as the run that follows.
    const answer = await sendRequest(url.toString(), {
      method: 'GET',
      headers: { accept: 'application/json' },
      timeoutMs,
    });
    const answered = whoAnswered(answer, LISTING);
    return answered.by === 'configuration' ? { kind: 'configuration', problem: answered.problem } : undefined;
  } catch (error) {
    const failed = whoFailed(error, url);
    const answered =
      failed.by === 'infrastructure' && mayBePlainHttpToTls(error, url)
        ? ((await tlsOnPlainUrl(url)) ?? failed)
        : failed;
    if (answered.by === 'configuration') return { kind: 'configuration', problem: answered.problem };
    return { kind: 'unavailable', problem: `${url.host}: ${answered.problem}` };
  }
}
