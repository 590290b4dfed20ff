import { isIP } from 'node:net';
import { isLoopbackHost } from '../config/config.js';
import { UsageError } from '../config/usage-error.js';

export type ProxyArgs = { host: string; durationMs: number | undefined; allowNonLoopback: boolean };

export const USAGE = `usage: npm run proxy -- [--duration 30s|5m|90] [--host 127.0.0.1] [--allow-non-loopback]
  --duration            stop after this long (seconds, or with s/m/h) and write the report; default: until Ctrl-C
  --host                the address to listen on; default 127.0.0.1
  --allow-non-loopback  needed for any --host that is not loopback (others could then send through the proxy)`;

function duration(text: string | undefined): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(s|m|h)?$/.exec(text ?? '');
  if (!match)
    throw new UsageError(
      `--duration takes a number of seconds, or e.g. 30s, 5m, 1h (got ${JSON.stringify(text ?? '')})`,
    );
  const scale = { s: 1_000, m: 60_000, h: 3_600_000 }[(match[2] as 's' | 'm' | 'h') ?? 's'];
  return Number(match[1]) * scale;
}

/** Reads the command line; a non-loopback address is refused unless --allow-non-loopback says so. */
export function parseProxyArgs(argv: readonly string[]): ProxyArgs {
  const out: ProxyArgs = { host: '127.0.0.1', durationMs: undefined, allowNonLoopback: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const next = () => inline ?? argv[++i];
    if (flag === '--duration') out.durationMs = duration(next());
    else if (flag === '--host') out.host = next() ?? '';
    else if (flag === '--allow-non-loopback') out.allowNonLoopback = true;
    else throw new UsageError(`unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
  }
  const bare = out.host.replace(/^\[|\]$/g, '');
  if (bare !== 'localhost' && !isIP(bare))
    throw new UsageError(`--host must be an IP address or localhost (got ${JSON.stringify(out.host)})`);
  if (!isLoopbackHost(out.host) && bare !== '::1' && !out.allowNonLoopback) {
    throw new UsageError(
      `--host ${out.host} is not a loopback address: anyone who reaches it could send requests with your ` +
        `application's traffic. Add --allow-non-loopback if that is what you want.`,
    );
  }
  return out;
}
