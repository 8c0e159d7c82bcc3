import { ArrayType } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import {
  TICKET_MESSAGES,
  TICKET_MOVES,
  TICKET_STATUS_LABELS,
  TicketStatus,
  type TicketType,
} from '../../../contracts/index.js';
import { TransitionTable } from '../../../shared/index.js';

export { TicketStatus };

const { OPEN, ANSWERED, CLOSED } = TicketStatus;

export const TICKET_TRANSITIONS = new TransitionTable<TicketStatus>({
  entity: 'Ticket',
  noun: '문의',
  labels: TICKET_STATUS_LABELS,
  moves: TICKET_MOVES,
  refusals: { [CLOSED]: { '*': TICKET_MESSAGES.alreadyClosed } },
});

/** A member's 1:1 문의, tied to the orders it concerns. */
@Entity({ tableName: 'support_ticket' })
@Index({ name: 'support_ticket_member', properties: ['memberId', 'status'] })
@Index({ name: 'support_ticket_status', properties: ['status', 'waitingSince'] })
export class Ticket {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  memberId!: number;

  @Property({ type: 'string', length: 20 })
  type!: TicketType;

  @Property({ type: 'string', length: 100 })
  subject!: string;

  @Enum({ items: () => TicketStatus })
  status: TicketStatus = OPEN;

  @Property({ type: new ArrayType<number>((i) => Number(i)), columnType: 'int[]' })
  orderIds: number[] = [];

  /** The operator it is assigned to; null: anyone's. */
  @Property({ type: 'integer', nullable: true })
  assigneeId: number | null = null;

  /** A member wrote and no operator has opened the ticket since (the menu's unread count). */
  @Property({ type: 'boolean' })
  unread = true;

  /** Since when it waits for the shop (OPEN); null otherwise. */
  @Property({ type: 'datetime', nullable: true })
  waitingSince: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  answeredAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  closedAt: Date | null = null;

  @Property({ type: 'datetime' })
  lastMessageAt!: Date;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  @Property({ type: 'integer', version: true, hidden: true })
  version!: number;

  static open(props: { memberId: number; type: TicketType; subject: string; orderIds: number[]; now: Date }): Ticket {
    const ticket = new Ticket();
    ticket.memberId = props.memberId;
    ticket.type = props.type;
    ticket.subject = props.subject;
    ticket.orderIds = props.orderIds;
    ticket.waitingSince = props.now;
    ticket.lastMessageAt = props.now;
    ticket.createdAt = props.now;
    ticket.updatedAt = props.now;
    return ticket;
  }

  get isOpen(): boolean {
    return this.status !== CLOSED;
  }

  /** Nothing is left for an operator: the desk settled every order at once (stays OPEN otherwise). */
  settled(now: Date): void {
    this.moveTo(ANSWERED, now);
    this.answeredAt = now;
    this.waitingSince = null;
    this.unread = false;
  }

  /** The member wrote: back to the shop (a closed ticket reopens). */
  memberWrote(now: Date): void {
    if (this.status !== OPEN) this.moveTo(OPEN, now);
    this.waitingSince ??= now;
    this.closedAt = null;
    this.unread = true;
    this.lastMessageAt = now;
    this.updatedAt = now;
  }

  operatorAnswered(now: Date): void {
    this.moveTo(ANSWERED, now);
    this.answeredAt = now;
    this.waitingSince = null;
    this.unread = false;
    this.lastMessageAt = now;
  }

  close(now: Date): void {
    this.moveTo(CLOSED, now);
    this.closedAt = now;
    this.waitingSince = null;
  }

  private moveTo(status: TicketStatus, now: Date): void {
    TICKET_TRANSITIONS.assert(this.status, status);
    this.status = status;
    this.updatedAt = now;
  }
}
