import { createServer } from 'node:http';

/**
 * The runtime's ceiling for the bench: plain node:http on loopback answering every request, whatever its
 * method or path, with one fixed JSON body once the request body has been read. BENCH_BARE_BODY_BYTES pads
 * that body to a given size (to compare with an answer as large as the mock's). Prints its URL; SIGTERM or
 * SIGINT closes it.
 */
function fixedBody(bytes: number): Buffer {
  const small = JSON.stringify({ code: 0, message: 'Success', data: { message: 'bare node:http' } });
  if (bytes <= small.length) return Buffer.from(small);
  const frame = JSON.stringify({ code: 0, message: 'Success', data: '' });
  return Buffer.from(JSON.stringify({ code: 0, message: 'Success', data: 'x'.repeat(bytes - frame.length) }));
}

const BODY = fixedBody(Number(process.env.BENCH_BARE_BODY_BYTES ?? 0));
const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(BODY.length) };

const server = createServer((req, res) => {
  req.on('end', () => res.writeHead(200, HEADERS).end(BODY));
  req.resume();
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    console.log(`bare node:http listening on http://127.0.0.1:${address.port}`);
});

const close = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
