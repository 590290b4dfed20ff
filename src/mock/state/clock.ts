/**
 * Virtual time: real time plus an offset the control API can push forward, so expiry and retry
 * schedules are testable without waiting. Each webhook adds its own offset on top (see webhooks.ts),
 * which lets parallel tests move their own webhook's time without touching anyone else's.
 */
export class VirtualClock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
