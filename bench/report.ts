import type { Measurement } from './load.js';

export type OperationRow = {
  operation: string;
  request: string;
  /** Size of the mock's answer body. */
  answerBytes: number;
  mock: Measurement;
  bare: Measurement;
  /** The bare node:http server answering a body as large as the mock's (largest answer only). */
  bareSameSize?: Measurement;
  prism?: Measurement;
};

export type VaultDepth = { customers: number; count: number; page0: Measurement; deep: Measurement; deepPage: number };

export type Memory = { customers: number; rssIdleBytes?: number; rssAfterLoadBytes?: number };

export type SuiteRun = {
  name: string;
  wallMs: number;
  exitCodes: (number | null)[];
  timedOut: boolean;
  /** Rule statuses from conformance.json, folded over the shards, e.g. "38 passed". */
  rules: string;
  note?: string;
};

export type Target = { target: string; measured: string; met: boolean | undefined };

export type BenchReport = {
  machine: Record<string, unknown>;
  settings: { seconds: number; warmupSeconds: number; connections: number; slices: number };
  operations: OperationRow[];
  prism: { ran: boolean; reason?: string; version?: string };
  vault?: VaultDepth;
  memory: Memory[];
  suite: SuiteRun[];
  validators?: { afterFirstUse: number; afterMoreRounds: number; rounds: number; otherCompileSites: string[] };
  targets: Target[];
};

const n0 = (v: number | undefined) =>
  v === undefined || !Number.isFinite(v) ? '–' : Math.round(v).toLocaleString('en-US');
const ms = (v: number | undefined) =>
  v === undefined || !Number.isFinite(v) ? '–' : v < 10 ? v.toFixed(2) : v.toFixed(1);
const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : '–');
const mib = (v: number | undefined) => (v === undefined ? '–' : `${(v / 1024 / 1024).toFixed(0)} MiB`);
const cpu = (m: Measurement) => (m.serverCpuPct === undefined ? '–' : `${Math.round(m.serverCpuPct)}%`);
/** Server CPU per answer: steadier than req/s when other work shares the cores. */
const perReq = (m: Measurement) =>
  m.serverCpuPct === undefined || !m.rps ? '–' : `${((m.serverCpuPct * 1e4) / m.rps).toFixed(0)} µs`;
const flag = (m: Measurement) =>
  m.requests === 0 ? ' ⚠ no answers' : m.non2xx || m.errors ? ` ⚠ ${m.non2xx} non-2xx, ${m.errors} errors` : '';

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

export function markdown(r: BenchReport): string {
  const m = r.machine;
  const out: string[] = [];
  out.push(
    `Machine: ${String(m.cpuModel)}, ${String(m.cores)} cores, ${mib(m.memoryBytes as number)} RAM, Node ${String(m.node)}, ` +
      `load average ${String(m.loadAverage)} at start, ${String(m.date)}. ` +
      `${r.settings.seconds} s per measurement after ${r.settings.warmupSeconds} s warm-up, ${r.settings.connections} connections, ` +
      `in ${r.settings.slices} slices taken in turn across the servers compared; servers and autocannon in separate processes.`,
  );
  out.push('');
  out.push(
    table(
      [
        'operation',
        'mock req/s',
        'mock p99 ms',
        'bare req/s',
        'bare p99 ms',
        '**mock/bare req/s**',
        'server CPU (mock / bare)',
        'CPU per answer (mock / bare)',
        'autocannon CPU (mock / bare)',
      ],
      r.operations.map((o) => [
        `${o.operation} (${o.request})`,
        n0(o.mock.rps) + flag(o.mock),
        ms(o.mock.p99Ms),
        n0(o.bare.rps) + flag(o.bare),
        ms(o.bare.p99Ms),
        `**${ratio(o.mock.rps, o.bare.rps)}**`,
        `${cpu(o.mock)} / ${cpu(o.bare)}`,
        `${perReq(o.mock)} / ${perReq(o.bare)}`,
        `${Math.round(o.mock.loadCpuPct)}% / ${Math.round(o.bare.loadCpuPct)}%`,
      ]),
    ),
  );
  const sameSize = r.operations.filter((o) => o.bareSameSize);
  if (sameSize.length) {
    out.push('');
    out.push(
      'Answers over 1 KiB (same run) against bare node:http sending a body exactly as large: the vault target compares with this server.',
    );
    out.push('');
    out.push(
      table(
        [
          'operation',
          'mock answer',
          'bare node:http, same size: req/s',
          'its p99 ms',
          'CPU per answer (mock / it)',
          '**mock/that req/s**',
        ],
        sameSize.map((o) => {
          const same = o.bareSameSize as Measurement;
          return [
            o.operation,
            `${o.answerBytes.toLocaleString('en-US')} B`,
            n0(same.rps) + flag(same),
            ms(same.p99Ms),
            `${perReq(o.mock)} / ${perReq(same)}`,
            `**${ratio(o.mock.rps, same.rps)}**`,
          ];
        }),
      ),
    );
  }
  if (r.prism.ran) {
    out.push('');
    out.push(
      table(
        [
          'operation',
          `Prism ${r.prism.version ?? ''} req/s`,
          'Prism p99 ms',
          'Prism CPU',
          'Prism/bare req/s',
          'mock/Prism req/s',
        ],
        r.operations
          .filter((o) => o.prism)
          .map((o) => {
            const p = o.prism as Measurement;
            return [
              o.operation,
              n0(p.rps) + flag(p),
              ms(p.p99Ms),
              cpu(p),
              ratio(p.rps, o.bare.rps),
              ratio(o.mock.rps, p.rps),
            ];
          }),
      ),
    );
  } else {
    out.push('', `Prism: skipped (${r.prism.reason ?? 'not run'}).`);
  }
  if (r.vault) {
    const v = r.vault;
    out.push('');
    out.push(
      table(
        [`vault of ${v.customers.toLocaleString('en-US')}, count=${v.count}`, 'req/s', 'p50 ms', 'mean ms', 'p99 ms'],
        [
          ['page 0', n0(v.page0.rps) + flag(v.page0), ms(v.page0.p50Ms), ms(v.page0.meanMs), ms(v.page0.p99Ms)],
          [
            `page ${v.deepPage.toLocaleString('en-US')}`,
            n0(v.deep.rps) + flag(v.deep),
            ms(v.deep.p50Ms),
            ms(v.deep.meanMs),
            ms(v.deep.p99Ms),
          ],
          [
            `**page ${v.deepPage.toLocaleString('en-US')} / page 0**`,
            ratio(v.deep.rps, v.page0.rps),
            `**${ratio(v.deep.p50Ms, v.page0.p50Ms)}**`,
            ratio(v.deep.meanMs, v.page0.meanMs),
            ratio(v.deep.p99Ms, v.page0.p99Ms),
          ],
        ],
      ),
    );
  }
  out.push('');
  out.push(
    table(
      ['mock process', 'RSS after start', 'RSS after load'],
      r.memory.map((x) => [
        `MOCK_CUSTOMERS=${x.customers.toLocaleString('en-US')}`,
        mib(x.rssIdleBytes),
        mib(x.rssAfterLoadBytes),
      ]),
    ),
  );
  if (r.suite.length) {
    out.push('');
    out.push(
      table(
        ['npm run conformance (embedded mock)', 'wall s', 'rules', 'exit codes'],
        r.suite.map((s) => [
          s.name,
          (s.wallMs / 1000).toFixed(1) + (s.timedOut ? ' (timed out)' : '') + (s.note ? ` (${s.note})` : ''),
          s.rules,
          s.exitCodes.map(String).join(', '),
        ]),
      ),
    );
  }
  if (r.validators) {
    const v = r.validators;
    out.push(
      '',
      `Schema validators: ${v.afterFirstUse} ajv compile calls after the first validation of every operation, ` +
        `${v.afterMoreRounds} after ${v.rounds} more rounds (one process, bench/validators-probe.ts); ` +
        `compile sites in src/, tests/, scripts/: ${v.otherCompileSites.join(', ') || 'none'}.`,
    );
  }
  out.push('');
  out.push(
    table(
      ['target', 'measured', 'met'],
      r.targets.map((t) => [t.target, t.measured, t.met === undefined ? 'not measured' : t.met ? 'yes' : '**no**']),
    ),
  );
  return out.join('\n');
}
