import { sendRequest } from '../contract/http-request.js';
import { transportProblem } from '../contract/target-unavailable.js';

/**
 * One unauthenticated GET of the vault listing: any HTTP answer means the target is there to be judged.
 * Returns why it is not, or undefined. Sends no credentials, so nothing secret is at stake.
 */
export async function probeTarget(baseUrl: string, timeoutMs = 10_000): Promise<string | undefined> {
  const url = `${baseUrl}/platform/vault/customer?count=1&page=0`;
  try {
    // The suite's own client: the same proxy variables and connections as the run that follows.
    await sendRequest(url, { method: 'GET', headers: { accept: 'application/json' }, timeoutMs });
    return undefined;
  } catch (error) {
    return `${new URL(baseUrl).host}: ${transportProblem(error)}`;
  }
}
