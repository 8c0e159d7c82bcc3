import { SETTINGS } from './settings.js';
import { ORDER_MOVES, OrderStatus, reachable, SUBSCRIPTION_MOVES, vocabulary } from './statuses.js';

describe('status vocabularies', () => {
  it('names each member by itself and cannot be changed', () => {
    expect(vocabulary(['A', 'B'])).toEqual({ A: 'A', B: 'B' });
    expect(OrderStatus.PENDING).toBe('PENDING');
    expect(Object.isFrozen(OrderStatus)).toBe(true);
  });

  it('reaches a state through several moves, never out of a terminal one, and stops on a cycle', () => {
    expect(reachable(ORDER_MOVES, 'PENDING', 'PARTIAL')).toBe(true);
    expect(reachable(ORDER_MOVES, 'PROCESSING', 'PENDING')).toBe(false);
    expect(reachable(ORDER_MOVES, 'COMPLETED', 'PARTIAL')).toBe(false);
    // ACTIVE ⇄ PAUSED loops.
    expect(reachable(SUBSCRIPTION_MOVES, 'PAUSED', 'ACTIVE')).toBe(true);
    expect(reachable(SUBSCRIPTION_MOVES, 'CANCELED', 'ACTIVE')).toBe(false);
  });
});

describe('setting keys', () => {
  it('are listed once each (the console shows one input per key)', () => {
    const keys = SETTINGS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
