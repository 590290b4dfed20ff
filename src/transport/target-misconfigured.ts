/** The words of the error below, for people only: the reports are written from `problem`, never from these. */
export const misconfiguredWording = {
  message: (problem: string): string => `[CONFIGURATION ERROR] ${problem}`,
};

/** A setup mistake met in an exchange (who-answered.ts): nothing was judged, and no retry can mend it. */
export class TargetMisconfiguredError extends Error {
  /** The one sentence naming the variable. */
  readonly problem: string;

  constructor(problem: string) {
    super(misconfiguredWording.message(problem));
    this.name = 'TargetMisconfiguredError';
    this.problem = problem;
  }
}
