import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { isLoopbackHost } from '../../config/config.js';
import { Redactor } from '../../evidence/redact.js';
import { deliveryLog } from './delivery-log.js';

/**
 * `npm run webhook:receive -- [--port 4030] [--host 127.0.0.1] [--status 200]`: a local endpoint for manual
 * checks against the sandbox. Logs every request redacted, answers POSTs with the chosen status.
 */
const USAGE = `Usage: npm run webhook:receive -- [--port 4030] [--host 127.0.0.1] [--status 200]

  --port <n>     port to listen on (0 picks a free one; default 4030)
  --host <addr>  address to listen on (default 127.0.0.1, this machine only)
  --status <n>   status to answer each POST with, 200–599 (default 200); try 500 to watch retries`;

const MAX_BODY = 1024 * 1024; // far above any event; beyond it the body is refused, never cut (a cut card number escapes redaction)

function usageError(problem: string): never {
  console.error(`webhook:receive: ${problem}\n\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: '4030' },
      host: { type: 'string', default: '127.0.0.1' },
      status: { type: 'string', default: '200' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  usageError((err as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port);
const status = Number(values.status);
if (!/^[0-9]+$/.test(values.port) || port > 65_535) usageError('--port must be a whole number from 0 to 65535');
if (!/^[0-9]+$/.test(values.status) || status < 200 || status > 599)
  usageError('--status must be an HTTP status from 200 to 599');

const redactor = new Redactor(
  [process.env.PG_API_KEY, process.env.PG_VENDOR_API_KEY].filter((k): k is string => !!k?.trim()),
);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY) chunks.push(chunk);
  });
  req.on('end', () => {
    const isPost = req.method === 'POST';
    const answer = size > MAX_BODY ? 413 : isPost ? status : 405;
    const body = size > MAX_BODY ? '' : Buffer.concat(chunks).toString('utf8');
    console.log(
      deliveryLog(redactor, {
        at: new Date(),
        method: req.method ?? '?',
        path: req.url ?? '/',
        contentType: req.headers['content-type'],
        body,
        status: answer,
      }),
    );
    if (size > MAX_BODY) console.log(`(body of ${size} bytes refused: larger than ${MAX_BODY})`);
    if (!isPost) res.setHeader('allow', 'POST');
    res.writeHead(answer, { 'content-type': 'application/json' }).end(JSON.stringify({ received: answer < 300 }));
  });
});

server.on('error', (err: NodeJS.ErrnoException) => {
  const why =
    err.code === 'EADDRINUSE'
      ? `port ${port} is in use; pick another with --port`
      : err.code === 'EACCES'
        ? `no permission to listen on port ${port}; use a port above 1023`
        : err.message;
  console.error(`webhook:receive: ${why}`);
  process.exitCode = 1;
});

server.listen(port, values.host, () => {
  const { address, port: bound } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  console.log(
    `Webhook receiver listening on http://${host}:${bound}/ (answers ${status} to every POST). Stop with Ctrl-C.`,
  );
  if (!isLoopbackHost(host)) {
    console.log(
      `Note: ${values.host} is reachable from other machines over plain http. For the sandbox, put an https ` +
        `tunnel or reverse proxy in front.`,
    );
  }
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => console.log('Webhook receiver stopped.'));
    server.closeAllConnections();
  });
}
