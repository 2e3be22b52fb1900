/**
 * A token bucket: `ratePerSecond` on average with bursts of up to `burst` (spec §9: 10 per second,
 * burst 100). `take()` is false when the event must be dropped.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): boolean {
    const now = this.now();
    const elapsed = Math.max(0, now - this.last) / 1000;
    this.last = now;
    this.tokens = Math.min(this.burst, this.tokens + elapsed * this.ratePerSecond);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
