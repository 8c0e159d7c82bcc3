import {
  SUBSCRIPTION_MESSAGES,
  subscriptionCost,
  subscriptionProblem,
  type SubscriptionRequest,
} from './subscription.js';

const service = { type: 'Subscriptions', min: 10, max: 1000 };
const ok: SubscriptionRequest = {
  serviceId: 1,
  username: 'kim.insta',
  min: 50,
  max: 100,
  posts: 5,
  delay: 30,
  expiry: null,
};
const today = '2026-11-24';

describe('subscription rules (shared by the storefront and the server)', () => {
  it('takes a well-formed request', () => {
    expect(subscriptionProblem(ok, service, today)).toBeNull();
    expect(subscriptionProblem({ ...ok, expiry: '2026-12-31' }, service, today)).toBeNull();
  });

  it.each<[Partial<SubscriptionRequest>, string, string]>([
    [{ username: ' ' }, 'username', SUBSCRIPTION_MESSAGES.usernameRequired],
    [{ username: 'a b' }, 'username', SUBSCRIPTION_MESSAGES.usernameInvalid],
    [{ username: 'javascript:alert(document.domain)//' }, 'username', SUBSCRIPTION_MESSAGES.usernameInvalid],
    [{ username: 'https://evil.example/x' }, 'username', SUBSCRIPTION_MESSAGES.usernameInvalid],
    [{ username: '<img src=x>' }, 'username', SUBSCRIPTION_MESSAGES.usernameInvalid],
    [{ username: '김철수' }, 'username', SUBSCRIPTION_MESSAGES.usernameInvalid],
    [{ username: 'a'.repeat(101) }, 'username', SUBSCRIPTION_MESSAGES.usernameInvalid],
    [{ min: 5 }, 'min', SUBSCRIPTION_MESSAGES.minMax],
    [{ max: 2000 }, 'min', SUBSCRIPTION_MESSAGES.minMax],
    [{ min: 200, max: 100 }, 'max', SUBSCRIPTION_MESSAGES.minMax],
    [{ posts: 0 }, 'expiry', SUBSCRIPTION_MESSAGES.openEndedExpiry],
    [{ posts: -1 }, 'posts', SUBSCRIPTION_MESSAGES.posts],
    [{ posts: 1001 }, 'posts', SUBSCRIPTION_MESSAGES.posts],
    [{ delay: 20 }, 'delay', SUBSCRIPTION_MESSAGES.delay],
    [{ expiry: '2026-11-24' }, 'expiry', SUBSCRIPTION_MESSAGES.expiry],
    [{ expiry: '2026-02-30' }, 'expiry', SUBSCRIPTION_MESSAGES.expiry],
    [{ expiry: '31/12/2026' }, 'expiry', SUBSCRIPTION_MESSAGES.expiry],
  ])('refuses %j with its Korean reason', (change, field, message) => {
    expect(subscriptionProblem({ ...ok, ...change }, service, today)).toEqual({ field, message });
  });

  it('refuses a service of another type', () => {
    expect(subscriptionProblem(ok, { ...service, type: 'Default' }, today)).toEqual({
      field: 'serviceId',
      message: SUBSCRIPTION_MESSAGES.notSubscription,
    });
  });

  it('takes posts 0 (open-ended) with an expiry; costs only its old posts up front', () => {
    expect(subscriptionProblem({ ...ok, posts: 0, expiry: '2099-12-31' }, service, today)).toBeNull();
    expect(subscriptionCost('2.5', 100, 0)).toBe(0n);
    expect(subscriptionCost('2.5', 100, 0, 2)).toBe(500n);
  });

  it('costs price × max × posts, rounded up to whole won', () => {
    expect(subscriptionCost('2.5', 100, 5)).toBe(1250n);
    expect(subscriptionCost('0.33', 10, 1)).toBe(4n);
  });
});
