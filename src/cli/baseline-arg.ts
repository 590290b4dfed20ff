import { resolve } from 'node:path';

/**
 * Takes `--baseline <file>` or `--baseline=<file>` out of the arguments meant for Playwright (which would
 * refuse an option it does not know); PG_BASELINE is the same without the flag. The path is made absolute
 * because the reporter may run in another working directory.
 */
export function takeBaseline(args: string[], env: NodeJS.ProcessEnv): { baseline?: string; rest: string[] } {
  const rest: string[] = [];
  let baseline = env.PG_BASELINE || undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--baseline') {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('-'))
        throw new Error("--baseline needs the path of a previous run's conformance.json");
      baseline = value;
      i++;
    } else if (arg.startsWith('--baseline=')) baseline = arg.slice('--baseline='.length);
    else rest.push(arg);
  }
  return { baseline: baseline && resolve(baseline), rest };
}
