import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../config/index.js';
import { Clock } from '../../../shared/index.js';

export interface V2RateLimit {
  /** Requests per second a key may keep up. */
  perSecond: number;
  /** Requests a key may send at once before the rate applies. */
  burst: number;
}

/**
 * The per-key limit of /api/v2: a generic cell rate algorithm (a token bucket of `burst` requests
 * refilled at `perSecond`) kept in PostgreSQL, one row per member, so all replicas count together.
 * One statement per request: the upsert moves the bucket only when the request fits, and returns no
 * row when it does not.
 */
@Injectable()
export class V2RateLimiter {
  readonly limit: V2RateLimit;

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.limit = config.resellerApiRateLimit;
  }

  /** Takes one request of the member's bucket: 0 when it fits, else the seconds until one would. */
  async take(memberId: number): Promise<number> {
    const now = this.clock.now().getTime();
    const interval = 1000 / this.limit.perSecond;
    const tolerance = Math.round(interval * (this.limit.burst - 1));
    const rows = await this.em.fork().execute<{ tat: string }[]>(
      `insert into reseller_api_rate (member_id, tat) values (?, ?)
       on conflict (member_id) do update set tat = greatest(reseller_api_rate.tat, ?) + ?
       where greatest(reseller_api_rate.tat, ?) - ? <= ?
       returning tat`,
      [memberId, Math.round(now + interval), now, Math.round(interval), now, now, tolerance],
    );
    if (rows.length > 0) return 0;
    const [row] = await this.em
      .fork()
      .execute<{ tat: string }[]>('select tat from reseller_api_rate where member_id = ?', [memberId]);
    return Math.max(1, Math.ceil((Number(row?.tat ?? now) - now - tolerance) / 1000));
  }
}
