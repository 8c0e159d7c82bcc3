import { autoOrderCommands, orderCommands, refillCommands } from '../../../contracts/index.js';
import { AutoOrder, AutoOrderStatus } from './auto-order.entity.js';
import { Order, OrderStatus } from './order.entity.js';
import { Refill, RefillStatus } from './refill.entity.js';

/**
 * The console offers a command's button exactly when the record allows it (contracts/commands.ts): here
 * each answer is checked against what the entity itself does when the command is tried.
 */
const now = new Date('2026-01-01T00:00:00Z');
const succeeds = (run: () => unknown) => {
  try {
    run();
    return true;
  } catch {
    return false;
  }
};

function orderIn(status: OrderStatus, provider = true): Order {
  const order = Order.place({
    memberId: 1,
    service: { id: 1, providerId: provider ? 3 : null, providerServiceId: provider ? '77' : null },
    link: 'l',
    amount: 100,
    point: 1000n,
    now,
  });
  order.status = status;
  return order;
}

describe('which commands an order allows', () => {
  it.each(Object.values(OrderStatus))(
    '%s: cancel, partial and a status change exactly when the order accepts them',
    (status) => {
      const allowed = orderCommands(orderIn(status));
      expect(allowed.includes('cancel')).toBe(succeeds(() => orderIn(status).moveTo(OrderStatus.CANCELED, now)));
      expect(allowed.includes('partial')).toBe(
        succeeds(() => orderIn(status).advanceTo(OrderStatus.PARTIAL, now, { remains: 10 })),
      );
      const someMove = Object.values(OrderStatus).some((to) =>
        succeeds(() => orderIn(status).moveTo(to, now, { remains: 10 })),
      );
      expect(allowed.includes('status')).toBe(someMove);
      expect(allowed).toContain('startCount');
    },
  );

  it('offers the resend only for a PENDING order of a provider that has not taken it', () => {
    expect(orderCommands(orderIn(OrderStatus.PENDING))).toContain('resend');
    expect(orderCommands(orderIn(OrderStatus.PENDING, false))).not.toContain('resend');
    // The provider order id is fulfilment's (order_dispatch); the console passes it along with the order.
    expect(orderCommands({ status: OrderStatus.PENDING, providerId: 3, providerOrderId: 'p-9' })).not.toContain(
      'resend',
    );
    for (const status of Object.values(OrderStatus).filter((s) => s !== OrderStatus.PENDING))
      expect(orderCommands(orderIn(status))).not.toContain('resend');
  });

  it('lists a running order’s commands in the console’s order', () => {
    expect(orderCommands(orderIn(OrderStatus.PENDING))).toEqual([
      'cancel',
      'partial',
      'startCount',
      'status',
      'resend',
    ]);
    expect(orderCommands(orderIn(OrderStatus.INPROGRESS))).toEqual(['cancel', 'partial', 'startCount', 'status']);
    expect(orderCommands(orderIn(OrderStatus.COMPLETED))).toEqual(['startCount']);
  });
});

describe('which commands an auto-order allows', () => {
  const autoIn = (status: AutoOrderStatus) => {
    const auto = AutoOrder.place({
      memberId: 1,
      serviceId: 1,
      link: 'l',
      amount: 100,
      runs: 3,
      interval: 60,
      point: 3000n,
      now,
    });
    auto.status = status;
    return auto;
  };

  it.each(Object.values(AutoOrderStatus))('%s: cancel exactly when the auto-order can be canceled', (status) => {
    expect(autoOrderCommands(autoIn(status)).includes('cancel')).toBe(succeeds(() => autoIn(status).cancel(now)));
  });
});

describe('which commands a refill allows', () => {
  const refillIn = (status: RefillStatus) => {
    const refill = Refill.request({ orderId: 1, memberId: 1, providerId: null, now });
    refill.status = status;
    return refill;
  };

  it.each(Object.values(RefillStatus))('%s: complete and reject exactly when the refill takes them', (status) => {
    const allowed = refillCommands(refillIn(status));
    expect(allowed.includes('complete')).toBe(succeeds(() => refillIn(status).complete(now)));
    expect(allowed.includes('reject')).toBe(succeeds(() => refillIn(status).reject('사유', now)));
  });
});
