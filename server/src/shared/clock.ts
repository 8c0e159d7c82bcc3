import { Injectable } from '@nestjs/common';

/**
 * The one source of "now" for domain rules and jobs (charge expiry, code expiry, auto-order runs),
 * so tests can move time instead of waiting for it.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
  }

  /** Test hook: move time forward (or back) by `ms`. */
  travel(ms: number): void {
    this.offsetMs += ms;
    if (this.frozenAt !== null) this.frozenAt += ms;
  }

  /** Test hook: hold time where it is (a bucket must not refill while a slow machine runs a step); `reset` lets it go. */
  freeze(): void {
    this.frozenAt = this.now().getTime();
  }

  reset(): void {
    this.offsetMs = 0;
    this.frozenAt = null;
  }
}
