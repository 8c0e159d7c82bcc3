import { panelExpiry, readSubscriptionState } from './subscription-protocol.js';

describe('subscription protocol (API v2 dialect)', () => {
  it('reads the status words panels answer, the posts and the child orders (numbers, strings or a comma list)', () => {
    expect(readSubscriptionState({ status: 'Active', expiry: null, posts: '2', orders: [1001, '1002'] })).toEqual({
      status: 'ACTIVE',
      orders: ['1001', '1002'],
      posts: 2,
    });
    expect(readSubscriptionState({ status: 'Paused', posts: 0, orders: [] })).toEqual({
      status: 'PAUSED',
      orders: [],
      posts: 0,
    });
    expect(readSubscriptionState({ status: 'Completed', orders: '7,8,8' })).toEqual({
      status: 'COMPLETED',
      orders: ['7', '8'],
      posts: null,
    });
    expect(readSubscriptionState({ status: 'Cancelled' })?.status).toBe('CANCELED');
    expect(readSubscriptionState({ status: 'Expired', expiry: '2026-12-01' })?.status).toBe('EXPIRED');
  });

  it('is null for anything else; drops ids that are not ids', () => {
    expect(readSubscriptionState({ status: 'Partial' })).toBeNull();
    expect(readSubscriptionState([])).toBeNull();
    expect(readSubscriptionState('Active')).toBeNull();
    expect(readSubscriptionState({ status: 'Active', orders: ['<script>', '5'] })?.orders).toEqual(['5']);
  });

  it('writes an expiry as d/m/Y', () => {
    expect(panelExpiry('2027-01-05')).toBe('05/01/2027');
  });
});
