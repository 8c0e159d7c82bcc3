import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  NOTICE_EVENT_LABELS,
  type NoticeChoice,
  type NoticeEvent,
  type SettingKey,
} from '../../../../../contracts/index.js';
import { MemberContacts } from '../../../../identity/index.js';
import { SettingsService } from '../../../../settings/index.js';
import { NoticePreference } from '../../../domain/notice-preference.entity.js';
import { EnqueueMessage, type Outgoing } from '../enqueue-message/enqueue-message.js';

/** The settings key holding the 알림톡 template id of each notice. */
export const TEMPLATE_SETTING: Record<NoticeEvent, SettingKey> = {
  'charge.completed': 'ALIMTALK_TEMPLATE_CHARGE_COMPLETED',
  'order.completed': 'ALIMTALK_TEMPLATE_ORDER_COMPLETED',
  'order.partial': 'ALIMTALK_TEMPLATE_ORDER_PARTIAL',
  'order.canceled': 'ALIMTALK_TEMPLATE_ORDER_CANCELED',
  'refill.completed': 'ALIMTALK_TEMPLATE_REFILL_COMPLETED',
  'ticket.answered': 'ALIMTALK_TEMPLATE_TICKET_ANSWERED',
  'service.changed': 'ALIMTALK_TEMPLATE_SERVICE_CHANGED',
};

/** The plain text of a notice (mail body, SMS, and the 알림톡's text): its label and the variables. */
export function noticeText(event: NoticeEvent, variables: Record<string, string>): string {
  const lines = Object.entries(variables).map(([k, v]) => `${k.replace(/^#\{|\}$/g, '')}: ${v}`);
  return [`[${NOTICE_EVENT_LABELS[event]}]`, ...lines].join('\n');
}

/** One customer notice, as written with others. */
export interface Notice {
  memberId: number;
  event: NoticeEvent;
  variables: Record<string, string>;
  dedupeKey: string;
  /** The mail's own subject and text when the notice has more to say than its 알림톡 (a ticket's answer). */
  mail?: { subject: string; text: string };
}

/** A customer notice by the channel the member chose for its event. */
@Injectable()
export class SendNotice {
  constructor(
    private readonly contacts: MemberContacts,
    private readonly settings: SettingsService,
    private readonly messages: EnqueueMessage,
  ) {}

  /**
   * A customer notice, in the caller's transaction, by the channel the member chose for the event:
   * 알림톡 (its template id from the settings; SMS when 알림톡 fails or has no template), mail, or none.
   * A member without a phone number gets mail; without either, nothing.
   */
  execute(
    tx: EntityManager,
    memberId: number,
    event: NoticeEvent,
    variables: Record<string, string>,
    dedupeKey: string,
    /** The mail's own subject and text when the notice has more to say than its 알림톡 (a ticket's answer). */
    mail?: { subject: string; text: string },
  ): Promise<void> {
    return this.executeMany(tx, [{ memberId, event, variables, dedupeKey, mail }]);
  }

  /** Many notices in the caller's transaction (see execute): the members' contacts and choices read together, the messages written in one statement. */
  async executeMany(tx: EntityManager, notices: Notice[]): Promise<void> {
    if (notices.length === 0) return;
    const memberIds = [...new Set(notices.map((n) => n.memberId))];
    const contacts = await this.contacts.contactsOf(tx, memberIds);
    const choices = new Map(
      (
        await tx.find(NoticePreference, {
          memberId: { $in: memberIds },
          event: { $in: [...new Set(notices.map((n) => n.event))] },
        })
      ).map((pref) => [`${pref.memberId}:${pref.event}`, pref.choice]),
    );
    const templates = new Map<NoticeEvent, string>();
    const outgoing: Outgoing[] = [];
    for (const { memberId, event, variables, dedupeKey, mail } of notices) {
      const contact = contacts.get(memberId);
      if (!contact) continue;
      const choice: NoticeChoice = choices.get(`${memberId}:${event}`) ?? 'ALIMTALK';
      if (choice === 'OFF') continue;
      const text = noticeText(event, variables);
      if (choice === 'ALIMTALK' && contact.phone) {
        if (!templates.has(event))
          templates.set(event, String((await this.settings.get(TEMPLATE_SETTING[event])) ?? ''));
        const templateId = templates.get(event)!;
        outgoing.push({
          channel: templateId ? 'ALIMTALK' : 'SMS',
          event,
          memberId,
          recipient: contact.phone,
          payload: templateId ? { templateId, variables, text } : { text },
          dedupeKey: `notice:${dedupeKey}`,
        });
      } else if (contact.email)
        outgoing.push({
          channel: 'EMAIL',
          event,
          memberId,
          recipient: contact.email,
          payload: mail ?? { subject: `[SMM] ${NOTICE_EVENT_LABELS[event]}`, text },
          dedupeKey: `notice:${dedupeKey}`,
        });
    }
    await this.messages.executeMany(tx, outgoing);
  }
}
