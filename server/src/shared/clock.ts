import { Injectable } from '@nestjs/common';

/**
 * The one source of "now" for domain rules and jobs (charge expiry, code expiry, auto-order runs),
 * so tests can move time instead of waiting for it.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Test hook: move time forward (or back) by `ms`. */
  travel(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
