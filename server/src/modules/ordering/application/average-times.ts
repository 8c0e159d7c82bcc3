import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AVERAGE_TIME_MIN_SAMPLE, AVERAGE_TIME_REFERENCE, AVERAGE_TIME_SAMPLE } from '../../../contracts/index.js';
import { Clock, ShortCache } from '../../../shared/index.js';

/** The services list is read on every page view: the figures are one statement a minute per process. */
const AVERAGE_TIMES_MS = 60_000;

/**
 * Every service's 평균 완료 시간 in whole minutes (contracts/service-speed.ts): its latest completed orders
 * of typical size (half to twice the typical quantity), each one's time from order to completion scaled to the
 * typical quantity, averaged; absent with too few. One grouped statement walks each service's newest
 * completions down the partial index `service_order_completed`.
 */
const AVERAGE_TIMES_SQL = `
select s.id as service_id,
       greatest(round(avg(extract(epoch from o.completed_at - o.created_at) * r.typical / o.amount) / 60), 0)::int
         as minutes
from service s
cross join lateral (select least(greatest(?::int, s.min), s.max)::bigint as typical) r
cross join lateral (
  select o.created_at, o.completed_at, o.amount
  from service_order o
  where o.service_id = s.id and o.status = 'COMPLETED' and o.completed_at is not null
    and o.amount::bigint * 2 >= r.typical and o.amount <= r.typical * 2
  order by o.completed_at desc, o.id desc
  limit ?
) o
group by s.id
having count(*) >= ?`;

@Injectable()
export class AverageTimes {
  private readonly figures: ShortCache<0, ReadonlyMap<number, number>>;

  constructor(
    private readonly em: EntityManager,
    clock: Clock,
  ) {
    this.figures = new ShortCache(
      AVERAGE_TIMES_MS,
      () => this.read(),
      1,
      () => clock.now().getTime(),
    );
  }

  /** Service id → average minutes, for the services that have enough typical completed orders (kept a minute). */
  minutesByService(): Promise<ReadonlyMap<number, number>> {
    return this.figures.get(0);
  }

  private async read(): Promise<ReadonlyMap<number, number>> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ service_id: number; minutes: number }[]>(AVERAGE_TIMES_SQL, [
        AVERAGE_TIME_REFERENCE,
        AVERAGE_TIME_SAMPLE,
        AVERAGE_TIME_MIN_SAMPLE,
      ]);
    return new Map(rows.map((r) => [Number(r.service_id), Number(r.minutes)]));
  }
}
