/**
 * Section 5: the API token is Base64(":" + key) — an HTTP Basic user-pass with an empty user part —
 * sent as `Authorization: Basic <token>`. The vendor key of an integrator is used the same way.
 */
export function apiToken(apiKey: string): string {
  return Buffer.from(`:${apiKey}`, 'utf8').toString('base64');
}

/**
 * The Base 64 characters that encode `secret` alone, wherever it stands in the encoded text: one run for each of
 * the three places it can start within Base 64's three-byte groups, without the groups it shares with whatever
 * stands around it. Any token that carries the secret (a space around the key, the key as user part, another user
 * part before it) holds one of them, so they are what redaction and the safety tests look for. Runs under eight
 * characters are left out: too short to tell from ordinary text.
 */
export function base64Carrying(secret: string): string[] {
  const runs: string[] = [];
  for (const offset of [0, 1, 2]) {
    const bytes = Buffer.concat([Buffer.alloc(offset), Buffer.from(secret, 'utf8')]);
    const run = bytes.toString('base64').slice(offset ? 4 : 0, Math.floor(bytes.length / 3) * 4);
    if (run.length >= 8) runs.push(run);
  }
  return runs;
}

export function basicAuthorization(apiKey: string): string {
  return `Basic ${apiToken(apiKey)}`;
}

export type BasicCredentials = { user: string; password: string };
/**
 * Why a header is not one section 5 builds: `slip` names what code decides on (a token without its colon is a
 * slip in the construction of 5.3, the rest are not the form of 5.4); `problem` is the sentence for people.
 */
export type NotBasicCredentials = { slip: 'missing' | 'not-basic' | 'not-base64' | 'no-colon'; problem: string };

/** Parses an Authorization header as section 5 builds it; returns why not where it is not one. */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | NotBasicCredentials {
  if (header === undefined || header === '') return { slip: 'missing', problem: 'no Authorization header' };
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(header);
  if (!match?.[1]) return { slip: 'not-basic', problem: 'Authorization is not "Basic <Base 64 token>"' };
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  // Node decodes leniently; a token that does not round-trip was not valid Base 64.
  if (Buffer.from(decoded, 'utf8').toString('base64').replace(/=+$/, '') !== match[1].replace(/=+$/, '')) {
    return { slip: 'not-base64', problem: 'the token is not valid Base 64' };
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return { slip: 'no-colon', problem: 'the decoded token has no colon' };
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
