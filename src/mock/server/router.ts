import { MockError } from '../gateway/errors.js';

/** Methods a 405 may name, in the order the Allow header lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Longest path segment a parameter may take; a longer one is refused as a bad request, not looked up. */
export const MAX_PARAM_LENGTH = 1000;

export type Match<R> = { route: R; params: Record<string, string> };

/** `head` and `tail`: the text around a route's only parameter, for a lookup without splitting the path. */
type Entry<R> = {
  method: string;
  segments: readonly string[];
  route: R;
  one?: { name: string; head: string; tail: string };
};

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * The mock's few routes: static paths by exact string, `:name` segments as parameters. A GET route also
 * answers HEAD. Paths are compared percent-decoded, segment by segment, as a request names them.
 */
export class Router<R> {
  private readonly statics = new Map<string, R>();
  private readonly entries: Entry<R>[] = [];

  add(method: string, path: string, route: R): void {
    const segments = path.split('/');
    const params = segments.filter((s) => s.startsWith(':'));
    const at = path.indexOf(':');
    const one =
      params.length === 1
        ? { name: params[0]!.slice(1), head: path.slice(0, at), tail: path.slice(at + params[0]!.length) }
        : undefined;
    this.entries.push({ method, segments, route, one });
    if (!params.length) this.statics.set(`${method} ${path}`, route);
  }

  /** The route for a request, or undefined; throws a bad request for a path that cannot be decoded. */
  find(method: string, path: string): Match<R> | undefined {
    const lookup = method === 'HEAD' ? 'GET' : method;
    const route = this.statics.get(`${lookup} ${path}`);
    if (route !== undefined) return { route, params: NO_PARAMS };
    if (!path.includes('%')) {
      for (const entry of this.entries) {
        const one = entry.one;
        if (!one || entry.method !== lookup || !path.startsWith(one.head) || !path.endsWith(one.tail)) continue;
        const value = path.slice(one.head.length, path.length - one.tail.length);
        if (value === '' || value.includes('/')) continue;
        if (value.length > MAX_PARAM_LENGTH)
          throw new MockError('badRequest', `A path segment is longer than ${MAX_PARAM_LENGTH} characters.`);
        return { route: entry.route, params: { [one.name]: value } };
      }
    }
    return this.match(decodedSegments(path), (m) => m === lookup);
  }

  /** Methods some route answers on this path (for a 405's Allow header). */
  allowed(path: string): string[] {
    let segments: string[];
    try {
      segments = decodedSegments(path);
    } catch {
      return [];
    }
    return METHODS.filter(
      (method) => this.match(segments, (m) => m === (method === 'HEAD' ? 'GET' : method)) !== undefined,
    );
  }

  private match(segments: readonly string[], method: (m: string) => boolean): Match<R> | undefined {
    for (const entry of this.entries) {
      if (!method(entry.method) || entry.segments.length !== segments.length) continue;
      const params = paramsOf(entry.segments, segments);
      if (params) return { route: entry.route, params };
    }
    return undefined;
  }
}

function decodedSegments(path: string): string[] {
  return path.split('/').map((segment) => {
    if (!segment.includes('%')) return segment;
    try {
      return decodeURIComponent(segment);
    } catch {
      throw new MockError('badRequest', 'The URL is not valid (bad percent-encoding?).');
    }
  });
}

function paramsOf(pattern: readonly string[], segments: readonly string[]): Record<string, string> | undefined {
  let params: Record<string, string> | undefined;
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] as string;
    const got = segments[i] as string;
    if (want.startsWith(':')) {
      if (got === '') return undefined;
      (params ??= {})[want.slice(1)] = got;
    } else if (want !== got) {
      return undefined;
    }
  }
  for (const value of Object.values(params ?? {})) {
    if (value.length > MAX_PARAM_LENGTH)
      throw new MockError('badRequest', `A path segment is longer than ${MAX_PARAM_LENGTH} characters.`);
  }
  return params ?? NO_PARAMS;
}
