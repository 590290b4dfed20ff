import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = { method: string; path: string; body: string };

/**
 * A merchant's notification endpoint on loopback: records every request and answers with the status
 * set at the moment (so a test can make deliveries fail, then succeed).
 */
export class WebhookReceiver {
  readonly received: ReceivedRequest[] = [];
  status = 200;
  private server: Server | undefined;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({
          method: req.method ?? '',
          path: req.url ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(this.status, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}/notify`;
  }

  /** Requests whose body mentions `marker`: each test tags its events so receivers can be shared safely. */
  matching(marker: string): ReceivedRequest[] {
    return this.received.filter((r) => r.body.includes(marker));
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
