import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, release, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../src/config/free-port.js';
import { basicAuthorization } from '../src/transport/auth.js';
import { MOCK_DEFAULTS } from '../src/mock/defaults.js';
import { generatedInputsCost, generatedInputsMarkdown } from './generated-inputs.js';
import { measureSideBySide, type LoadRequest, type LoadTarget, type Measurement } from './load.js';
import { cleanEnv, rssBytes, startServer, timeCommand, type Server } from './processes.js';
import { measureHttpClients } from './http-client.js';
import { measureProxy, proxyMarkdown } from './proxy-latency.js';
import { slowLink } from './slow-link.js';
import { markdown, type BenchReport, type Memory, type OperationRow, type Target, type VaultDepth } from './report.js';
import { suiteTargets, suiteTimes } from './suite-time.js';

const USAGE = `npm run bench [-- options]

Measures the embedded mock against a bare node:http server on loopback, side by side in one run, and
writes reports/bench.json plus a markdown table on stdout. Also weighs the suite's HTTP client (node:http)
against undici's Agent and request(), CPU per request side by side (bench/http-client.ts; alone:
npx tsx bench/http-client.ts).

  --duration S      seconds per measurement (default 5)
  --warmup S        seconds of unmeasured load before each measurement (default 1)
  --connections N   concurrent connections (default 10)
  --slices N        the measured seconds of each server are cut into N slices taken in turn across
                    the servers compared, so background load hits them alike (default: one per second)
  --customers N     vault size for the deep-page measurement (default 1000000)
  --no-prism        skip Prism's mock
  --no-suite        skip the conformance suite timings (and the slow-link figure)
  --verify-suite    also time the whole of npm run verify:suite (minutes)
  --out FILE        JSON report path (default reports/bench.json)
  --help`;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    slices: { type: 'string' },
    customers: { type: 'string', default: '1000000' },
    'no-prism': { type: 'boolean', default: false },
    'no-suite': { type: 'boolean', default: false },
    'verify-suite': { type: 'boolean', default: false },
    out: { type: 'string', default: join('reports', 'bench.json') },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
function number(name: string, raw: string, min: number, max: number): number {
  const v = Number(raw);
  if (!Number.isFinite(v) || v < min || v > max) {
    console.error(`--${name} must be a number from ${min} to ${max}\n\n${USAGE}`);
    process.exit(2);
  }
  return v;
}
const seconds = number('duration', args.duration, 1, 60);
const warmupSeconds = number('warmup', args.warmup, 0, 30);
const connections = Math.round(number('connections', args.connections, 1, 1000));
const slices = Math.round(number('slices', args.slices ?? String(Math.max(1, Math.round(seconds))), 1, 60));
const deepCustomers = Math.round(number('customers', args.customers, 100, 1_000_000));

const PRISM = '@stoplight/prism-cli@5';
const NODE_TSX = [process.execPath, ['--import', 'tsx']] as const;

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const cpuList = cpus();
const machine = {
  cpuModel: cpuList[0]?.model ?? 'unknown',
  cores: cpuList.length,
  memoryBytes: totalmem(),
  freeMemoryBytes: freemem(),
  loadAverage: loadavg()
    .map((l) => l.toFixed(2))
    .join(' '),
  node: process.version,
  platform: `${process.platform} ${release()}`,
  autocannon: (
    JSON.parse(readFileSync(join('node_modules', 'autocannon', 'package.json'), 'utf8')) as { version: string }
  ).version,
  date: new Date().toISOString(),
};

const merchantAuth = { authorization: basicAuthorization(MOCK_DEFAULTS.apiKey) };
const json = { 'content-type': 'application/json' };
const OPERATIONS: { operation: string; request: LoadRequest }[] = [
  {
    operation: 'tokenize',
    request: {
      method: 'POST',
      path: '/pg/tokenize',
      headers: { ...merchantAuth, ...json },
      body: JSON.stringify({
        merchant_id: MOCK_DEFAULTS.merchantId,
        card_number: '4111111111111111',
        exp_date: '1230',
        cardholder_name: 'Bench Card',
      }),
    },
  },
  {
    operation: 'vault listing',
    request: { method: 'GET', path: '/platform/vault/customer?count=10&page=0', headers: merchantAuth },
  },
  {
    operation: 'webhook disable',
    request: {
      method: 'PUT',
      path: `/platform/webhook/${MOCK_DEFAULTS.webhookId}/disable`,
      headers: { ...merchantAuth, ...json },
    },
  },
];

/**
 * One request outside the load, so a measurement of error answers cannot pass for a measurement of the
 * operation. Resolves with the answer's size in bytes.
 */
async function expectSuccess(
  server: Server,
  request: LoadRequest,
  check: (body: Record<string, unknown>) => boolean,
): Promise<number> {
  const res = await fetch(new URL(request.path, server.url), {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (res.status !== 200 || !body || typeof body !== 'object' || !check(body as Record<string, unknown>)) {
    throw new Error(
      `${server.name} ${request.method} ${request.path} did not succeed: HTTP ${res.status} ${text.slice(0, 300)}`,
    );
  }
  return Buffer.byteLength(text);
}

const succeeded = (operation: string) => (b: Record<string, unknown>) =>
  operation === 'tokenize' ? b.rcode === '000' : b.code === 0;

const loadOptions = () => ({ seconds, warmupSeconds, connections, slices });
const target = (server: Server, request: LoadRequest): LoadTarget => ({ url: server.url, pid: server.pid, request });

function startMock(customers: number): Promise<Server> {
  const [node, flags] = NODE_TSX;
  return startServer(
    `mock (${customers} customers)`,
    node,
    [...flags, 'src/mock/main.ts'],
    cleanEnv({ PG_MOCK_PORT: '0', MOCK_CUSTOMERS: String(customers) }),
  );
}

function startBare(bodyBytes = 0): Promise<Server> {
  const [node, flags] = NODE_TSX;
  return startServer(
    `bare node:http${bodyBytes ? ` (${bodyBytes} B body)` : ''}`,
    node,
    [...flags, 'bench/bare-server.ts'],
    cleanEnv({ BENCH_BARE_BODY_BYTES: String(bodyBytes) }),
  );
}

/**
 * Throughput and p99 of each operation, side by side: the mock, the bare node:http server, for answers
 * over 1 KiB the bare server answering as many bytes as the mock does (what the target compares with, so
 * the size of an answer alone cannot decide), and Prism when it runs.
 */
async function operations(memory: Memory[], prismServer: Server | undefined): Promise<OperationRow[]> {
  const mock = await startMock(MOCK_DEFAULTS.customers);
  const bare = await startBare();
  const rows: OperationRow[] = [];
  try {
    const mem: Memory = { customers: MOCK_DEFAULTS.customers, rssIdleBytes: rssBytes(mock.pid) };
    memory.push(mem);
    for (const { operation, request } of OPERATIONS) {
      const answerBytes = await expectSuccess(mock, request, succeeded(operation));
      if (prismServer) await expectSuccess(prismServer, request, succeeded(operation));
      const sameSize = answerBytes > 1024 ? await startBare(answerBytes) : undefined;
      try {
        const servers = [mock, bare, ...(sameSize ? [sameSize] : []), ...(prismServer ? [prismServer] : [])];
        log(
          `${operation}: ${servers.map((x) => x.name).join(', ')} (${servers.length} × ${warmupSeconds + seconds} s)`,
        );
        const [m, b, ...rest] = await measureSideBySide(
          servers.map((x) => target(x, request)),
          loadOptions(),
        );
        rows.push({
          operation,
          request: `${request.method} ${request.path}`,
          answerBytes,
          mock: m as Measurement,
          bare: b as Measurement,
          bareSameSize: sameSize ? rest.shift() : undefined,
          prism: prismServer ? rest.shift() : undefined,
        });
      } finally {
        await sameSize?.stop();
      }
    }
    mem.rssAfterLoadBytes = rssBytes(mock.pid);
  } finally {
    await mock.stop();
    await bare.stop();
  }
  return rows;
}

/** Latency of page 0 and of the last page of a large vault, side by side, and the mock's memory holding it. */
async function vaultDepth(memory: Memory[]): Promise<VaultDepth> {
  const count = 100;
  const deepPage = Math.ceil(deepCustomers / count) - 1;
  const mock = await startMock(deepCustomers);
  try {
    const mem: Memory = { customers: deepCustomers, rssIdleBytes: rssBytes(mock.pid) };
    memory.push(mem);
    const page = (p: number): LoadRequest => ({
      method: 'GET',
      path: `/platform/vault/customer?count=${count}&page=${p}`,
      headers: merchantAuth,
    });
    const lastId = `cust_${String(deepCustomers).padStart(7, '0')}`;
    await expectSuccess(mock, page(deepPage), (b) => b.code === 0 && JSON.stringify(b.data).includes(lastId));
    log(`vault of ${deepCustomers}: page 0 and page ${deepPage} (2 × ${warmupSeconds + seconds} s)`);
    const [page0, deep] = await measureSideBySide([target(mock, page(0)), target(mock, page(deepPage))], loadOptions());
    mem.rssAfterLoadBytes = rssBytes(mock.pid);
    return { customers: deepCustomers, count, page0: page0 as Measurement, deep: deep as Measurement, deepPage };
  } finally {
    await mock.stop();
  }
}

/** Prism's mock, when npx can fetch it from the npm registry; otherwise the reason it is skipped. */
async function startPrism(): Promise<{ info: BenchReport['prism']; server?: Server }> {
  log(`Prism: npx --yes ${PRISM} --version (fetched from the npm registry on first use)`);
  const probe = await timeCommand('npx', ['--yes', PRISM, '--version'], cleanEnv(), 180_000);
  const version = /^\d+\.\d+\.\d+$/m.exec(probe.output)?.[0];
  if (probe.code !== 0 || !version) {
    const why = probe.timedOut
      ? 'npx did not finish within 180 s'
      : `npx ${PRISM} failed: ${probe.output.trim().split('\n').slice(-2).join(' ')}`;
    return { info: { ran: false, reason: why } };
  }
  const port = await freePort();
  try {
    const server = await startServer(
      `Prism ${version}`,
      'npx',
      // -v warn: Prism logs every request at its default level, which would slow it down for nothing.
      ['--yes', PRISM, 'mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'warn', 'spec/openapi.yaml'],
      cleanEnv(),
      { group: true, readyUrl: `http://127.0.0.1:${port}/platform/vault/customer`, timeoutMs: 60_000 },
    );
    return { info: { ran: true, version }, server };
  } catch (e) {
    return {
      info: {
        ran: false,
        version,
        reason: `Prism did not start: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
      },
    };
  }
}

/** ajv compile calls counted in a fresh process, and every place in the source that compiles a schema. */
async function validators(): Promise<BenchReport['validators']> {
  const [node, flags] = NODE_TSX;
  const r = await timeCommand(node, [...flags, 'bench/validators-probe.ts'], cleanEnv(), 60_000);
  const line = r.output.trim().split('\n').pop() ?? '';
  let counts: { afterFirstUse: number; afterMoreRounds: number; rounds: number };
  try {
    counts = JSON.parse(line) as typeof counts;
  } catch {
    log(`validator probe failed: ${r.output.slice(-500)}`);
    return undefined;
  }
  const sites: string[] = [];
  for (const root of ['src', 'tests', 'scripts']) {
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!/\.ts$/.test(file) || /\.test\.ts$/.test(file)) continue;
      const path = join(root, file);
      const text = readFileSync(path, 'utf8');
      if (/\bnew Ajv|\.compile\(/.test(text)) sites.push(path);
    }
  }
  return { ...counts, otherCompileSites: sites };
}

function targets(r: BenchReport): Target[] {
  const out: Target[] = [];
  for (const o of r.operations) {
    // A large answer is compared with the bare server sending as many bytes, so size alone cannot decide.
    const x = o.mock.rps / (o.bareSameSize ?? o.bare).rps;
    const against = o.bareSameSize ? ` sending the same ${o.answerBytes.toLocaleString('en-US')} B` : '';
    out.push({
      target: `${o.operation}: mock ≥ 0.7× bare node:http throughput${against}`,
      measured: `${x.toFixed(2)}×`,
      met: x >= 0.7,
    });
  }
  if (r.vault) {
    const x = r.vault.deep.p50Ms / r.vault.page0.p50Ms;
    out.push({
      target: `vault page ${r.vault.deepPage.toLocaleString('en-US')} within 1.5× of page 0 (p50 latency)`,
      measured: `${x.toFixed(2)}×`,
      met: x <= 1.5,
    });
  }
  out.push(...suiteTargets(r.suite, args['no-suite']));
  const v = r.validators;
  out.push(
    v
      ? {
          target: 'schema validators compiled once per process',
          measured:
            `${v.afterFirstUse} compiles, ${v.afterMoreRounds} after ${v.rounds} more rounds; sites: ` +
            `${v.otherCompileSites.join(', ') || 'none'}`,
          met:
            v.afterFirstUse > 0 &&
            v.afterFirstUse === v.afterMoreRounds &&
            v.otherCompileSites.every((s) => s === join('src', 'catalogue', 'validate.ts')),
        }
      : { target: 'schema validators compiled once per process', measured: 'probe failed', met: undefined },
  );
  return out;
}

const report: BenchReport = {
  machine,
  settings: { seconds, warmupSeconds, connections, slices },
  operations: [],
  prism: { ran: false, reason: '--no-prism' },
  memory: [],
  suite: [],
  targets: [],
};
const started = performance.now();
report.validators = await validators();
const prism = args['no-prism'] ? undefined : await startPrism();
if (prism) report.prism = prism.info;
try {
  report.operations = await operations(report.memory, prism?.server);
} finally {
  await prism?.server?.stop();
}
report.vault = await vaultDepth(report.memory);
if (!args['no-suite']) report.suite = await suiteTimes(log, { verifySuite: args['verify-suite'] });
const link = args['no-suite'] ? undefined : await slowLink(log);
const generatedInputs = args['no-suite'] ? undefined : await generatedInputsCost(2, log);
const proxy = await measureProxy(1_000, log);
const httpClients = await measureHttpClients(log);
report.targets = [...targets(report), ...(link ? [link.target] : [])];

mkdirSync(dirname(args.out), { recursive: true });
writeFileSync(
  args.out,
  `${JSON.stringify(
    {
      ...report,
      proxy,
      httpClients: { ...httpClients, markdown: undefined },
      slowLink: link && { ...link, markdown: undefined },
      generatedInputs,
    },
    null,
    2,
  )}\n`,
);
console.log(`${markdown(report)}\n\n${proxyMarkdown(proxy)}\n\n${httpClients.markdown}`);
if (link) console.log(`\n${link.markdown}`);
if (generatedInputs) console.log(generatedInputsMarkdown(generatedInputs));
console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s; JSON: ${args.out})`);
process.exit(0);
