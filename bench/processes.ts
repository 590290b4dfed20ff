import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import dotenv from 'dotenv';

/**
 * The environment every child of the bench gets: this one without PG_* and MOCK_* variables, so a
 * developer's shell cannot point a measurement at another target. Keys a local .env would supply are
 * set empty, which the suite and the mock read as unset and which dotenv does not overwrite.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('PG_') && !key.startsWith('MOCK_')) env[key] = value;
  }
  if (existsSync('.env')) {
    for (const key of Object.keys(dotenv.parse(readFileSync('.env')))) env[key] = '';
  }
  return { ...env, PG_TARGET: 'mock', ...extra };
}

export type Server = {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
};

/** Resident memory of a process in bytes (VmRSS of /proc/<pid>/status), or undefined off Linux. */
export function rssBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Fields of /proc/<pid>/stat after the parenthesised command name (field 3 onwards), or undefined. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The process and all its descendants, found through the parent PIDs in /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [root];
  }
  for (const entry of entries) {
    const ppid = Number(statFields(Number(entry))?.[1]);
    if (Number.isFinite(ppid)) children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift() as number;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * CPU seconds (user + system) used so far by a process and its descendants (a launcher such as npx forks
 * the real server), from /proc/<pid>/stat; undefined off Linux.
 */
export function cpuSeconds(pid: number): number | undefined {
  let ticks: number | undefined;
  for (const p of processTree(pid)) {
    const fields = statFields(p);
    // utime and stime are fields 14 and 15 (1-based), 11 and 12 here.
    if (fields) ticks = (ticks ?? 0) + Number(fields[11]) + Number(fields[12]);
  }
  return ticks === undefined ? undefined : ticks / 100; // USER_HZ is 100 on Linux
}

/** Children still running, ended if the bench itself is stopped or exits. */
const live = new Map<ChildProcess, boolean>();

function killAllNow(): void {
  for (const [child, group] of live) {
    if (child.pid === undefined) continue;
    try {
      if (group) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}
process.on('exit', killAllNow);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    killAllNow();
    process.exit(130);
  });
}

function track(child: ChildProcess, group: boolean): ChildProcess {
  live.set(child, group);
  child.once('exit', () => live.delete(child));
  return child;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Ends a child the bench started: SIGTERM, then SIGKILL after `graceMs`. `group` signals its process group. */
export async function stopChild(child: ChildProcess, group = false, graceMs = 3_000): Promise<void> {
  const signal = (sig: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      if (group) process.kill(-child.pid, sig);
      else child.kill(sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  if (!(await waitForExit(child, graceMs))) {
    signal('SIGKILL');
    await waitForExit(child, graceMs);
  }
}

/**
 * Spawns a server process and resolves once it prints `listening on http://127.0.0.1:<port>`.
 * `group`: the server runs in its own process group (for launchers such as npx that fork the real server).
 */
export function startServer(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  {
    timeoutMs = 30_000,
    group = false,
    urlPattern = /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    readyUrl,
  }: { timeoutMs?: number; group?: boolean; urlPattern?: RegExp; readyUrl?: string } = {},
): Promise<Server> {
  const child = track(spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: group }), group);
  let output = '';
  let settled = false;
  return new Promise<Server>((resolve, reject) => {
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stopChild(child, group).then(() => reject(new Error(`${name}: ${why}\n${output.slice(-2_000)}`)));
    };
    const timer = setTimeout(() => fail(`no "listening on" line within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString('utf8');
      const match = readyUrl ? undefined : urlPattern.exec(output);
      if (match?.[1] && child.pid !== undefined && !settled) {
        settled = true;
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep draining the pipes so a chatty server never blocks on a full pipe.
        child.stdout?.resume();
        resolve({ name, url: match[1], pid: child.pid, stop: () => stopChild(child, group) });
      }
    };
    child.stdout?.on('data', onData);
    if (readyUrl) {
      // A server that prints no URL (or only at a verbose log level): ready once anything answers there.
      const poll = () => {
        if (settled) return;
        fetch(readyUrl, { signal: AbortSignal.timeout(1_000) }).then(
          () => {
            if (settled || child.pid === undefined) return;
            settled = true;
            clearTimeout(timer);
            child.stdout?.off('data', onData);
            child.stdout?.resume();
            resolve({ name, url: new URL(readyUrl).origin, pid: child.pid, stop: () => stopChild(child, group) });
          },
          () => setTimeout(poll, 250),
        );
      };
      poll();
    }
    child.stderr?.on('data', (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString('utf8');
    });
    child.once('error', (e) => fail(e.message));
    child.once('exit', (code, sig) => fail(`exited early (${sig ?? `code ${code}`})`));
  });
}

/** Runs a command to completion (bounded by `timeoutMs`, its process group killed past it); resolves with exit code and wall ms. */
export function timeCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number | null; ms: number; output: string; timedOut: boolean }> {
  const started = performance.now();
  const child = track(spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }), true);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stopChild(child, true);
  }, timeoutMs);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      clearTimeout(timer);
      // The output may still be in the pipes: wait for them to close, but not for a grandchild holding them.
      const done = () => resolve({ code, ms, output, timedOut });
      const grace = setTimeout(done, 2_000);
      child.once('close', () => {
        clearTimeout(grace);
        done();
      });
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      resolve({ code: null, ms: performance.now() - started, output: `${output}\n${e.message}`, timedOut });
    });
  });
}
