import { pathToFileURL } from 'node:url';
import { basicAuthorization } from '../src/transport/auth.js';
import { sendRequest, type HttpAnswer, type SendInit } from '../src/transport/http/http-request.js';
import { MOCK_DEFAULTS } from '../src/mock/defaults.js';
import { cleanEnv, startServer, type Server } from './processes.js';
import { sendWithUndici } from './undici-request.js';

/**
 * CPU per request of the suite's HTTP client (node:http, src/transport/http/http-request.ts) and of undici's
 * Agent/request() set up the same way (bench/undici-request.ts), side by side in one process against the
 * embedded mock in another: rounds alternate the clients (A B, B A, …) so background load hits both alike,
 * and the figures are medians over the rounds with the ratio taken round by round.
 */

type Client = { name: string; send: (url: string, init: SendInit) => Promise<HttpAnswer> };
export const HTTP_CLIENTS: Client[] = [
  { name: 'node:http (src/transport/http/http-request.ts)', send: sendRequest },
  { name: 'undici Agent + request()', send: sendWithUndici },
];

const auth = { authorization: basicAuthorization(MOCK_DEFAULTS.apiKey) };
const WORKLOADS: { name: string; path: string; init: Omit<SendInit, 'timeoutMs'> }[] = [
  {
    name: 'POST /pg/tokenize',
    path: '/pg/tokenize',
    init: {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        merchant_id: MOCK_DEFAULTS.merchantId,
        card_number: '4111111111111111',
        exp_date: '1230',
        cardholder_name: 'Bench Card',
      }),
    },
  },
  {
    name: 'GET vault page (count=10)',
    path: '/platform/vault/customer?count=10&page=0',
    init: { method: 'GET', headers: auth },
  },
];

export type ClientRound = {
  client: string;
  workload: string;
  round: number;
  requests: number;
  cpuUsPerRequest: number;
  wallMs: number;
};
export type HttpClientReport = {
  requests: number;
  inFlight: number;
  rounds: number;
  results: ClientRound[];
  markdown: string;
};

/** Sends `requests` requests, `inFlight` at a time; returns the CPU this process spent per request (µs) and the wall time. */
async function drive(
  client: Client,
  url: string,
  init: SendInit,
  requests: number,
  inFlight: number,
): Promise<{ cpuUs: number; wallMs: number }> {
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < requests) {
        const answer = await client.send(url, init);
        if (answer.status !== 200)
          throw new Error(`${client.name}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / requests, wallMs: performance.now() - started };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export async function measureHttpClients(
  log: (line: string) => void,
  options = { requests: 3_000, inFlight: 4, rounds: 9 },
): Promise<HttpClientReport> {
  const [a, b] = HTTP_CLIENTS as [Client, Client];
  const server: Server = await startServer(
    'mock',
    process.execPath,
    ['--import', 'tsx', 'src/mock/main.ts'],
    cleanEnv({ PG_MOCK_PORT: '0' }),
  );
  const results: ClientRound[] = [];
  try {
    for (const workload of WORKLOADS) {
      const url = new URL(workload.path, server.url).toString();
      const init = { ...workload.init, timeoutMs: 15_000 };
      for (const client of [a, b]) await drive(client, url, init, 200, options.inFlight); // warm-up, unmeasured
      for (let round = 1; round <= options.rounds; round++) {
        for (const client of round % 2 ? [a, b] : [b, a]) {
          const { cpuUs, wallMs } = await drive(client, url, init, options.requests, options.inFlight);
          results.push({
            client: client.name,
            workload: workload.name,
            round,
            requests: options.requests,
            cpuUsPerRequest: cpuUs,
            wallMs,
          });
        }
        log(`HTTP clients: ${workload.name}, round ${round}/${options.rounds}`);
      }
    }
  } finally {
    await server.stop();
  }
  return { ...options, results, markdown: httpClientMarkdown(results, options) };
}

export function httpClientMarkdown(
  results: ClientRound[],
  options: { requests: number; inFlight: number; rounds: number },
): string {
  const [a, b] = HTTP_CLIENTS as [Client, Client];
  const lines = [
    `### HTTP client: CPU per request, side by side (${options.rounds} rounds of ${options.requests} ` +
      `requests, ${options.inFlight} in flight, against the mock)`,
    '',
    `| request | ${a.name} µs CPU | ${b.name} µs CPU | undici / node:http (median of per-round ratios, range) |`,
    '| --- | ---: | ---: | ---: |',
  ];
  for (const workload of WORKLOADS) {
    const of = (c: Client) => results.filter((r) => r.workload === workload.name && r.client === c.name);
    const ra = of(a);
    const rb = of(b);
    const ratios = ra.map((r, i) => rb[i]!.cpuUsPerRequest / r.cpuUsPerRequest);
    lines.push(
      `| ${workload.name} | ${median(ra.map((r) => r.cpuUsPerRequest)).toFixed(0)} | ` +
        `${median(rb.map((r) => r.cpuUsPerRequest)).toFixed(0)} | ` +
        `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await measureHttpClients((line) => process.stderr.write(`bench: ${line}\n`));
  console.log(report.markdown);
  process.exit(0);
}
