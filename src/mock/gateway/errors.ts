import { PG_CODES, type PgCodeName } from './pg-codes.js';
import { PLATFORM_CODES, type PlatformCodeName } from './platform-codes.js';
import { newPgId } from '../state/ids.js';
import type { Family } from '../../catalogue/spec.js';

/** The gateway's own paths (the two families), as opposed to the control API and unknown paths. */
export function isGatewayPath(url: string): boolean {
  return url.startsWith('/pg/') || url.startsWith('/platform/');
}

/** Section 5 failures, whichever family answers them. */
export const AUTH_FAILURES: readonly FailureName[] = ['authMissing', 'authMalformed', 'authUserPart', 'authUnknownKey'];

export type FailureName = Exclude<PgCodeName | PlatformCodeName, 'ok'>;

/**
 * The one error constructor. Handlers throw it; the error handler answers it in the family scheme of the
 * request's path. `detail` replaces the table message when it can say more (which field, what to send);
 * it never quotes the value that was sent.
 */
export class MockError extends Error {
  constructor(
    readonly failure: FailureName,
    readonly detail?: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail ?? failure);
    this.name = 'MockError';
  }
}

export type ErrorAnswer = { status: number; body: Record<string, unknown> };

/** The status and body a failure answers with in `family`; a name the family lacks is a mock bug (internal). */
export function failureAnswer(family: Family, error: MockError): ErrorAnswer {
  if (family === 'pg') {
    const entry = PG_CODES[error.failure as PgCodeName] ?? PG_CODES.internal;
    const known = error.failure in PG_CODES;
    return {
      status: entry.status,
      body: { rcode: entry.rcode, rmsg: (known && error.detail) || entry.rmsg, pg_id: newPgId() },
    };
  }
  const entry = PLATFORM_CODES[error.failure as PlatformCodeName] ?? PLATFORM_CODES.internal;
  const known = error.failure in PLATFORM_CODES;
  return { status: entry.status, body: { code: entry.code, message: (known && error.detail) || entry.message } };
}
