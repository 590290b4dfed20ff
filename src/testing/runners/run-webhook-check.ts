import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs src/webhook-check's commands as child processes, for the command tests (`*.command.test.ts`, the
 * `npm run test:commands` tier): kept apart from the receivers so an in-process test never reaches a spawn.
 */

/** Runs one of src/webhook-check's scripts as npm does (`node --import tsx`), collecting its output. */
export function runScript(script: 'cli.ts' | 'receive/receive.ts', args: string[], env: Record<string, string> = {}) {
  const file = fileURLToPath(new URL(`../../webhook-check/${script}`, import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: (m: RegExpExecArray) => void }[] = [];
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    for (const w of [...waiters]) {
      const m = w.pattern.exec(stdout);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    /** Resolves when stdout matches; fails the test if the script exits first. */
    waitForOutput(pattern: RegExp): Promise<RegExpExecArray> {
      const now = pattern.exec(stdout);
      if (now) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve });
        void exited.then((code) =>
          reject(new Error(`${script} exited (${code}) before printing ${pattern}:\n${stdout}\n${stderr}`)),
        );
      });
    },
  };
}
