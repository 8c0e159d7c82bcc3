import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NOTICE_EVENTS, type NoticeChoice, type NoticeEvent } from '../../../../../contracts/index.js';
import { NoticePreference } from '../../../domain/notice-preference.entity.js';

/** The member's choice of channel per notice (알림톡 unless chosen otherwise). */
@Injectable()
export class SetNoticePreferences {
  constructor(private readonly em: EntityManager) {}

  async of(memberId: number): Promise<Record<NoticeEvent, NoticeChoice>> {
    const rows = await this.em.fork().find(NoticePreference, { memberId });
    const chosen = new Map(rows.map((r) => [r.event, r.choice]));
    return Object.fromEntries(NOTICE_EVENTS.map((e) => [e, chosen.get(e) ?? 'ALIMTALK'])) as Record<
      NoticeEvent,
      NoticeChoice
    >;
  }

  async set(memberId: number, prefs: Partial<Record<NoticeEvent, NoticeChoice>>) {
    await this.em.fork().transactional(async (tx) => {
      for (const [event, choice] of Object.entries(prefs)) {
        await tx.upsert(NoticePreference, { memberId, event, choice: choice! });
      }
    });
    return this.of(memberId);
  }
}
