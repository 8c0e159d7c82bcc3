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
import { EnqueueMessage } from '../enqueue-message/enqueue-message.js';

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
  async execute(
    tx: EntityManager,
    memberId: number,
    event: NoticeEvent,
    variables: Record<string, string>,
    dedupeKey: string,
    /** The mail's own subject and text when the notice has more to say than its 알림톡 (a ticket's answer). */
    mail?: { subject: string; text: string },
  ): Promise<void> {
    const contact = await this.contacts.contactOf(tx, memberId);
    if (!contact) return;
    const pref = await tx.findOne(NoticePreference, { memberId, event });
    const choice: NoticeChoice = pref?.choice ?? 'ALIMTALK';
    if (choice === 'OFF') return;
    const text = noticeText(event, variables);
    if (choice === 'ALIMTALK' && contact.phone) {
      const templateId = String((await this.settings.get(TEMPLATE_SETTING[event])) ?? '');
      await this.messages.execute(tx, {
        channel: templateId ? 'ALIMTALK' : 'SMS',
        event,
        memberId,
        recipient: contact.phone,
        payload: templateId ? { templateId, variables, text } : { text },
        dedupeKey: `notice:${dedupeKey}`,
      });
      return;
    }
    if (contact.email)
      await this.messages.execute(tx, {
        channel: 'EMAIL',
        event,
        memberId,
        recipient: contact.email,
        payload: mail ?? { subject: `[SMM] ${NOTICE_EVENT_LABELS[event]}`, text },
        dedupeKey: `notice:${dedupeKey}`,
      });
  }
}
