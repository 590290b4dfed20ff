/**
 * What a reproduce line may write as it was sent. Keys never: each becomes the shell variable the README
 * has the reader set (`$PG_API_KEY`, `$PG_VENDOR_API_KEY`). Everything else depends on who made the request:
 * - `suite on the mock`: every value is the suite's own (generated inputs, test data) and is written in full;
 * - `suite` (sandbox, production): published test data is written as sent, anything else stays redacted;
 * - `application` (the proxy): the same, and an Authorization header is written only when it is built from
 *   a configured key (an application's other credentials may be keys nobody told us about).
 */
export type ReproduceContext = {
  /**
   * A key's variable, or a value built from one (a near miss of the key): `shell` is what expands to it inside
   * sh double quotes, from the variable alone; absent, `${name}`.
   */
  variables: readonly { name: string; value: string; shell?: string }[];
  sender: 'suite on the mock' | 'suite' | 'application';
};

export const NO_REPRODUCE_CONTEXT: ReproduceContext = { variables: [], sender: 'application' };
