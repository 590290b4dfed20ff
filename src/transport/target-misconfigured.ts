/** Marks a setup mistake met in an exchange (who-answered.ts): nothing was judged, and no retry can mend it. */
export const MISCONFIGURED_TAG = '[CONFIGURATION ERROR]';

export class TargetMisconfiguredError extends Error {
  /** The one sentence naming the variable, without the tag. */
  readonly problem: string;

  constructor(problem: string) {
    super(`${MISCONFIGURED_TAG} ${problem}`);
    this.name = 'TargetMisconfiguredError';
    this.problem = problem;
  }
}

/** The sentence of a configuration problem in an error's text (a test's failure message), if it holds one. */
export function misconfiguration(errorText: string): string | undefined {
  const at = errorText.indexOf(MISCONFIGURED_TAG);
  return at < 0
    ? undefined
    : errorText
        .slice(at + MISCONFIGURED_TAG.length)
        .split('\n')[0]!
        .trim();
}
