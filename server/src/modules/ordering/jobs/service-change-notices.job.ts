import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { serviceChangeLine } from '../../../contracts/index.js';
import { Clock, JobEngine } from '../../../shared/index.js';
import { ServiceChangeLog, type DigestEntry } from '../../catalog/index.js';
import { DeliveryFacade } from '../../delivery/index.js';
import { SettingsService } from '../../settings/index.js';

const KST_MS = 9 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** Customers of a service are those who ordered it in the 30 days before the digest. */
const RECENT_MS = 30 * DAY_MS;
/** Messages go out in the Korean daytime only. */
const SEND_FROM_HOUR = 9;
const SEND_UNTIL_HOUR = 21;
/** Lines a message lists; the rest are counted. */
const SHOWN = 20;
const BATCH = 20_000;

export interface DigestResult {
  /** Change entries taken (hidden ones included). */
  taken: number;
  /** Members told (one message each), by member id: how many changes their message lists. */
  members: Map<number, number>;
}

/**
 * 서비스 변경 안내 to recent customers (SERVICE_CHANGE_NOTICE on): once a Korean day, in the daytime, every member
 * who ordered a changed service in the last 30 days gets one message (알림톡, SMS or mail, as they chose for the
 * notice) listing the changes of yesterday and before to the services they ordered, however many changed: a
 * price sync of 300 services is one message a member. Entries are taken whether the switch is on or not, so
 * switching it on never sends old news. Tests call runOnce().
 */
@Injectable()
export class ServiceChangeNoticesJob {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly log: ServiceChangeLog,
    private readonly delivery: DeliveryFacade,
    private readonly settings: SettingsService,
    private readonly jobs: JobEngine,
  ) {
    jobs.define('service-change-notices', () => this.runOnce());
  }

  @Interval('service-change-notices', 10 * 60_000)
  tick(): Promise<void> {
    return this.jobs.tick('service-change-notices');
  }

  async runOnce(): Promise<DigestResult> {
    const now = this.clock.now();
    const kst = now.getTime() + KST_MS;
    const hour = Math.floor((kst % DAY_MS) / 3_600_000);
    const result: DigestResult = { taken: 0, members: new Map() };
    if (hour < SEND_FROM_HOUR || hour >= SEND_UNTIL_HOUR) return result;
    const today = new Date(kst - (kst % DAY_MS) - KST_MS);
    const on = (await this.settings.get('SERVICE_CHANGE_NOTICE')) === true;
    await this.em.fork().transactional(async (tx) => {
      const entries = await this.log.takeForDigest(tx, today, now, BATCH);
      result.taken = entries.length;
      if (!on || entries.length === 0) return;
      const byService = new Map<number, DigestEntry[]>();
      for (const entry of entries)
        byService.set(entry.view.serviceId, [...(byService.get(entry.view.serviceId) ?? []), entry]);
      const customers = await tx.execute<{ member_id: number; service_id: number }[]>(
        `select distinct member_id, service_id from service_order where service_id = any(?::int[]) and created_at >= ?`,
        [`{${[...byService.keys()].join(',')}}`, new Date(today.getTime() - RECENT_MS)],
      );
      const perMember = new Map<number, DigestEntry[]>();
      for (const { member_id, service_id } of customers)
        perMember.set(member_id, [...(perMember.get(member_id) ?? []), ...byService.get(service_id)!]);
      for (const [memberId, mine] of perMember) {
        mine.sort((a, b) => a.id - b.id);
        const lines = mine.slice(0, SHOWN).map((e) => serviceChangeLine(e.view));
        if (mine.length > SHOWN) lines.push(`외 ${mine.length - SHOWN}건`);
        const text = lines.join('\n');
        await this.delivery.notice(
          tx,
          memberId,
          'service.changed',
          { '#{건수}': String(mine.length), '#{내용}': text },
          `service-changes:${memberId}:${mine[0]!.id}`,
          {
            subject: `[SMM] 서비스 변경 안내 ${mine.length}건`,
            text: `최근 주문하신 서비스가 변경되었습니다.\n\n${text}\n\n전체 내역은 사이트의 서비스 변경 안내에서 볼 수 있습니다.`,
          },
        );
        result.members.set(memberId, mine.length);
      }
    });
    return result;
  }
}
