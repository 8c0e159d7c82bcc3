import { TICKET_MESSAGES, TICKET_STATUSES } from '../../../contracts/index.js';
import { IllegalTransitionError } from '../../../shared/index.js';
import { Ticket, TICKET_TRANSITIONS, TicketStatus } from './ticket.entity.js';

const now = new Date('2026-03-01T00:00:00Z');
const ticket = (status: TicketStatus) => {
  const t = Ticket.open({ memberId: 1, type: 'OTHER', subject: '문의', orderIds: [], now });
  t.status = status;
  return t;
};

describe('ticket state machine', () => {
  it('allows exactly these moves', () => {
    const allowed = new Set(['OPEN>ANSWERED', 'OPEN>CLOSED', 'ANSWERED>OPEN', 'ANSWERED>CLOSED', 'CLOSED>OPEN']);
    for (const from of TICKET_STATUSES)
      for (const to of TICKET_STATUSES) expect(TICKET_TRANSITIONS.allows(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it('a member reply reopens an answered or closed ticket and marks it unread', () => {
    for (const status of [TicketStatus.ANSWERED, TicketStatus.CLOSED]) {
      const t = ticket(status);
      t.unread = false;
      t.waitingSince = null;
      t.memberWrote(now);
      expect([t.status, t.unread, t.waitingSince]).toEqual([TicketStatus.OPEN, true, now]);
    }
    const open = ticket(TicketStatus.OPEN);
    open.memberWrote(new Date(now.getTime() + 1000));
    expect(open.waitingSince).toEqual(now);
  });

  it('refuses to close or answer a closed ticket with the Korean reason', () => {
    const closed = ticket(TicketStatus.CLOSED);
    expect(() => closed.close(now)).toThrow(IllegalTransitionError);
    expect(() => closed.close(now)).toThrow(TICKET_MESSAGES.alreadyClosed);
    expect(() => closed.operatorAnswered(now)).toThrow(TICKET_MESSAGES.alreadyClosed);
  });
});
