import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MOCK_DEFAULTS } from '../src/mock/defaults.js';
import { ScriptedClient } from '../src/proxy/scripted-client.js';
import type { TrafficReport } from '../src/proxy/traffic/traffic-report-types.js';
import { cleanEnv } from './processes.js';

/**
 * What `npm run proxy` adds per exchange: the real command (its embedded mock in the same process) and
 * the scripted client's mixed calls, each made once straight to the mock and once through the proxy,
 * alternately, so background load on a shared machine falls on both alike. Then SIGTERM, and the
 * traffic report it wrote is read back: it must hold every proxied call and no finding.
 */
export type ProxyBench = {
  calls: number;
  directP50Ms: number;
  proxiedP50Ms: number;
  /** Median of (proxied − direct) over the pairs of like calls; the target holds both this and the difference of medians under 2 ms. */
  addedP50Ms: number;
  addedP90Ms: number;
  judged: number;
  findings: number;
  exitCode: number | null;
  met: boolean;
};

const TARGET_MS = 2;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

export async function measureProxy(calls = 1_000, log: (line: string) => void = () => {}): Promise<ProxyBench> {
  const reports = mkdtempSync(join(tmpdir(), 'pg-bench-proxy-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/proxy.ts'], {
    env: cleanEnv({ PG_PROXY_PORT: '0', PG_REPORTS_DIR: reports }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const urls = await new Promise<[string, string]>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`npm run proxy printed no URLs in 30 s:\n${out}`)), 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        if (out.length < 10_000) out += chunk.toString('utf8');
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+), forwarding to (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m?.[1] && m[2]) {
          clearTimeout(timer);
          resolve([m[1], m[2]]);
        }
      });
      child.once('exit', (code) => reject(new Error(`npm run proxy exited (${code}) before listening:\n${out}`)));
    });
    child.stdout.resume(); // the live lines: drained, as a terminal would
    const [proxyUrl, mockUrl] = urls;
    const credentials = {
      merchantId: MOCK_DEFAULTS.merchantId,
      apiKey: MOCK_DEFAULTS.apiKey,
      webhookId: MOCK_DEFAULTS.webhookId,
    };
    const direct = new ScriptedClient(mockUrl, credentials);
    const proxied = new ScriptedClient(proxyUrl, credentials);
    const kinds = ['new card', 'update', 'ACH', 'listing', 'page past the end', 'disable'] as const;
    // Unmeasured warm-up of both paths (JIT, keep-alive sockets, the validators' first compile).
    for (let i = 0; i < 30; i++) await direct.step(kinds[i % kinds.length]!, i);
    log(`proxy: ${calls} mixed calls through npm run proxy, each beside the same call made directly`);
    const d: number[] = [];
    const p: number[] = [];
    for (let i = 0; i < calls; i++) {
      const kind = kinds[i % kinds.length]!;
      const first = i % 2 === 0 ? direct : proxied;
      const a = await first.step(kind, i);
      const b = await (first === direct ? proxied : direct).step(kind, i);
      (first === direct ? d : p).push(a.ms);
      (first === direct ? p : d).push(b.ms);
    }
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const exitCode = await exit;
    const report = JSON.parse(readFileSync(join(reports, 'traffic.json'), 'utf8')) as TrafficReport;
    const added = p.map((ms, i) => ms - d[i]!);
    const addedP50Ms = quantile(added, 0.5);
    return {
      calls,
      directP50Ms: quantile(d, 0.5),
      proxiedP50Ms: quantile(p, 0.5),
      addedP50Ms,
      addedP90Ms: quantile(added, 0.9),
      judged: report.judged,
      findings: report.findings,
      exitCode,
      met:
        Math.max(addedP50Ms, quantile(p, 0.5) - quantile(d, 0.5)) < TARGET_MS &&
        report.findings === 0 &&
        report.judged === calls &&
        exitCode === 0,
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(reports, { recursive: true, force: true });
  }
}

export function proxyMarkdown(r: ProxyBench): string {
  const f = (ms: number) => ms.toFixed(2);
  return [
    `### npm run proxy: added latency per exchange (${r.calls} mixed calls, each also made directly)`,
    '',
    '| direct p50 | through the proxy p50 | difference of p50s | added p50 (paired) | added p90 (paired) ' +
      '| judged | findings | exit | target < 2 ms added, 0 findings |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ${f(r.directP50Ms)} ms | ${f(r.proxiedP50Ms)} ms | ${f(r.proxiedP50Ms - r.directP50Ms)} ms | ` +
      `${f(r.addedP50Ms)} ms | ${f(r.addedP90Ms)} ms | ${r.judged} | ${r.findings} | ${r.exitCode} | ` +
      `${r.met ? 'met' : '**not met**'} |`,
  ].join('\n');
}

// `npx tsx bench/proxy-latency.ts [calls]` measures only this.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureProxy(Number(process.argv[2] ?? 1_000), (l) => process.stderr.write(`bench: ${l}\n`));
  console.log(proxyMarkdown(result));
  process.exit(result.met ? 0 : 1);
}
