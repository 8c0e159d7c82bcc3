import { AutoOrderStatus, OrderStatus } from '../../ordering/index.js';
import { AutoOrder, Order } from '../../ordering/entities.js';
import { dripFeedStatusAnswer } from './v2-answers.js';

/** A drip-feed of 3 runs × 100, 750 won paid up front (250 a run). */
const drip = (status: AutoOrderStatus = AutoOrderStatus.ACTIVE, refunded = 0n) =>
  Object.assign(new AutoOrder(), {
    id: 1,
    amount: 100,
    runs: 3,
    interval: 60,
    point: 750n,
    refunded,
    status,
    completed: 0,
  });
const run = (n: number, status: OrderStatus, extra: Partial<Order> = {}) =>
  Object.assign(new Order(), {
    id: n,
    autoOrderId: 1,
    runNumber: n,
    amount: 100,
    point: 250n,
    refunded: 0n,
    status,
    startCount: null,
    remains: null,
    ...extra,
  });

describe('a drip-feed’s v2 status', () => {
  it.each([
    [
      'first run waiting',
      drip(),
      [run(1, OrderStatus.PENDING)],
      { charge: '750', status: 'Pending', remains: '300', runs_done: '0' },
    ],
    [
      'first run sent',
      drip(),
      [run(1, OrderStatus.PROCESSING)],
      { charge: '750', status: 'Processing', remains: '300', runs_done: '0' },
    ],
    [
      'first run done, second running',
      drip(),
      [
        run(1, OrderStatus.COMPLETED, { remains: 0, startCount: 1500 }),
        run(2, OrderStatus.INPROGRESS, { remains: 40 }),
      ],
      { charge: '750', start_count: '1500', status: 'In progress', remains: '140', runs_done: '1' },
    ],
    [
      'every run completed',
      drip(AutoOrderStatus.COMPLETED),
      [1, 2, 3].map((n) => run(n, OrderStatus.COMPLETED, { remains: 0 })),
      { charge: '750', status: 'Completed', remains: '0', runs_done: '3' },
    ],
    // Run 2 ended PARTIAL with 30 undelivered: ⌊250 × 30 / 100⌋ = 75 refunded.
    [
      'one run partial',
      drip(AutoOrderStatus.COMPLETED),
      [
        run(1, OrderStatus.COMPLETED, { remains: 0 }),
        run(2, OrderStatus.PARTIAL, { remains: 30, refunded: 75n }),
        run(3, OrderStatus.COMPLETED, { remains: 0 }),
      ],
      { charge: '675', status: 'Partial', remains: '30', runs_done: '3' },
    ],
    // Canceled by an operator after run 1: the 500 of the runs never started refunded.
    [
      'canceled after one run',
      drip(AutoOrderStatus.CANCLED, 500n),
      [run(1, OrderStatus.COMPLETED, { remains: 0 })],
      { charge: '250', status: 'Partial', remains: '200', runs_done: '1' },
    ],
    [
      'canceled with nothing delivered',
      drip(AutoOrderStatus.CANCLED, 500n),
      [run(1, OrderStatus.CANCELED, { remains: 100, refunded: 250n })],
      { charge: '0', status: 'Canceled', remains: '300', runs_done: '1' },
    ],
  ])('%s', (_, auto, runs, expected) => {
    expect(dripFeedStatusAnswer(auto, runs)).toEqual({ start_count: '0', currency: 'KRW', runs: '3', ...expected });
  });
});
