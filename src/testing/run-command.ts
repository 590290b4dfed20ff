import { spawn } from 'node:child_process';
import { environmentWithoutSuiteVariables } from '../config/child-env.js';

export type RunResult = { code: number; output: string };

/** For the command tests: runs `npm run conformance` (the wrapper, not npm) with exactly the PG_ environment given. */
export function runConformance(env: Record<string, string>, args: string[] = []): Promise<RunResult> {
  return runCommand('scripts/conformance.ts', env, args);
}

/**
 * Runs one of the project's commands under scripts/ as npm does, with exactly the PG_ environment given;
 * `watch` sees the output so far each time more arrives (a test acting at a moment of the run).
 */
export function runCommand(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  watch?: (output: string) => void,
): Promise<RunResult> {
  const base = environmentWithoutSuiteVariables();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...base, CI: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const more = (d: Buffer) => {
      output += d.toString();
      watch?.(output);
    };
    child.stdout.on('data', more);
    child.stderr.on('data', more);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}
