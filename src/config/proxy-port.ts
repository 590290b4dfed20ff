import { ConfigError } from './config.js';

/** The port of `npm run proxy`: PG_PROXY_PORT, default 4020; 0 lets the system pick a free one. */
export const DEFAULT_PROXY_PORT = 4020;

export function proxyPort(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PG_PROXY_PORT?.trim();
  if (raw === undefined || raw === '') return DEFAULT_PROXY_PORT;
  if (!/^[0-9]+$/.test(raw) || Number(raw) > 65535)
    throw new ConfigError(['PG_PROXY_PORT must be a whole number from 0 to 65535']);
  return Number(raw);
}
