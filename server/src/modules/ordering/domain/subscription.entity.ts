import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Service } from '../../catalog/index.js';
import { SUBSCRIPTION_MOVES, SUBSCRIPTION_STATUS_LABELS, SubscriptionStatus } from '../../../contracts/index.js';
import { DomainError, TransitionTable, entityNamed } from '../../../shared/index.js';
import { money } from './money.js';

/**
 * A subscription's life, as panels report it (contracts/statuses.ts): PAUSED by the provider (it may
 * resume), COMPLETED every post covered, EXPIRED its expiry date passed.
 */
export { SubscriptionStatus };

const { ACTIVE, COMPLETED, CANCELED, EXPIRED } = SubscriptionStatus;

export const SUBSCRIPTION_TRANSITIONS = new TransitionTable<SubscriptionStatus>({
  entity: 'Subscription',
  noun: '구독',
  labels: SUBSCRIPTION_STATUS_LABELS,
  moves: SUBSCRIPTION_MOVES,
  refusals: {
    [COMPLETED]: '이미 완료된 구독입니다.',
    [CANCELED]: '이미 취소된 구독입니다.',
    [EXPIRED]: '이미 만료된 구독입니다.',
  },
});

export interface SubscribeProps {
  memberId: number;
  service: Pick<Service, 'id' | 'providerId' | 'providerServiceId'>;
  username: string;
  min: number;
  max: number;
  posts: number;
  oldPosts: number;
  delay: number;
  expiry: string | null;
  /** Paid up front: price × max × posts. */
  point: bigint;
  now: Date;
}

/**
 * Auto likes/views on a user's next `posts` posts. `point` was paid up front; each post the provider
 * reports becomes a child Order whose cost (`used`) comes out of it; when it ends, `point − used` is
 * refunded once (`refunded`, and the ledger's unique (REFUND, subscription) reference).
 */
@Entity({ tableName: 'order_subscription' })
@Index({ name: 'order_subscription_member', properties: ['memberId', 'createdAt'] })
@Index({ name: 'order_subscription_due', properties: ['status', 'nextCheckAt'] })
export class Subscription {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  memberId!: number;

  @ManyToOne(entityNamed('Service'), { mapToPk: true, joinColumn: 'service_id', deleteRule: 'no action' })
  serviceId!: number;

  @Property({ type: 'string', length: 100 })
  username!: string;

  @Property({ type: 'integer' })
  min!: number;

  @Property({ type: 'integer' })
  max!: number;

  @Property({ type: 'integer' })
  posts!: number;

  @Property({ type: 'integer', default: 0 })
  oldPosts = 0;

  /** Minutes after a new post before the provider starts. */
  @Property({ type: 'integer' })
  delay!: number;

  /** YYYY-MM-DD or null. */
  @Property({ type: 'string', length: 10, nullable: true })
  expiry: string | null = null;

  @Property({ ...money() })
  point!: bigint;

  /** What the child orders took out of `point`. */
  @Property({ ...money({ default: 0 }) })
  used: bigint = 0n;

  @Property({ ...money({ default: 0 }) })
  refunded: bigint = 0n;

  /** Open-ended (posts = 0): what the posts' orders beyond the prepayment were debited as they were placed (never refunded here). */
  @Property({ ...money({ default: 0 }) })
  debited: bigint = 0n;

  /** Why it is paused on our side (an open-ended post its member could not pay), in Korean; null otherwise. */
  @Property({ type: 'string', length: 500, nullable: true })
  pauseReason: string | null = null;

  /** Posts covered so far (child orders). */
  @Property({ type: 'integer', default: 0 })
  postsUsed = 0;

  @Enum({ items: () => SubscriptionStatus })
  status: SubscriptionStatus = ACTIVE;

  /** Snapshotted from the service: null means an operator handles it. */
  @Property({ type: 'integer', nullable: true })
  providerId: number | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  providerServiceId: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  providerSubscriptionId: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  lastError: string | null = null;

  /** When fulfilment took it to send the subscription `add` (cleared once the outcome is recorded): the provider may have it meanwhile. */
  @Property({ type: 'datetime', nullable: true })
  sendingAt: Date | null = null;

  /** A member's cancel of the subscription the provider runs, to be forwarded (provider `cancel`); nothing is refunded until it ends there. */
  @Property({ type: 'datetime', nullable: true })
  cancelRequestedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  cancelForwardedAt: Date | null = null;

  /** The provider's reason when it refused the last cancel. */
  @Property({ type: 'string', length: 500, nullable: true })
  cancelRefusal: string | null = null;

  /** When fulfilment should send or check it next; null when nothing is due. */
  @Property({ type: 'datetime', nullable: true })
  nextCheckAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  static subscribe(props: SubscribeProps): Subscription {
    const s = new Subscription();
    s.memberId = props.memberId;
    s.serviceId = props.service.id;
    s.username = props.username;
    s.min = props.min;
    s.max = props.max;
    s.posts = props.posts;
    s.oldPosts = props.oldPosts;
    s.delay = props.delay;
    s.expiry = props.expiry;
    s.point = props.point;
    const upstream =
      props.service.providerId !== null && props.service.providerId !== undefined && !!props.service.providerServiceId;
    s.providerId = upstream ? props.service.providerId : null;
    s.providerServiceId = upstream ? props.service.providerServiceId : null;
    s.nextCheckAt = upstream ? props.now : null;
    s.createdAt = props.now;
    s.updatedAt = props.now;
    return s;
  }

  get isOpen(): boolean {
    return !SUBSCRIPTION_TRANSITIONS.isTerminal(this.status);
  }

  /**
   * The cost of the next post's child order: price × quantity, capped by what is left of the
   * prepayment (the last posts never cost more than was paid). Records it as used.
   */
  takePost(cost: bigint, now: Date): bigint {
    if (!this.isOpen) throw new DomainError('SUBSCRIPTION_ENDED');
    const share = cost < this.point - this.used ? cost : this.point - this.used;
    this.used += share;
    this.postsUsed += 1;
    this.updatedAt = now;
    return share;
  }

  /** posts = 0: new posts until its expiry, each paid when its order is placed. */
  get openEnded(): boolean {
    return this.posts === 0;
  }

  /** Whether the next post's order is paid out of what is left of the prepayment (else, open-ended: debited then). */
  prepaidCovers(cost: bigint): boolean {
    return !this.openEnded || this.point - this.used >= cost;
  }

  /** An open-ended post's order, debited when placed. Resumes a pause for a short balance. */
  takeDebitedPost(cost: bigint, now: Date): void {
    if (!this.isOpen) throw new DomainError('SUBSCRIPTION_ENDED');
    this.debited += cost;
    this.postsUsed += 1;
    if (this.pauseReason !== null) {
      this.pauseReason = null;
      if (this.status === SubscriptionStatus.PAUSED) SUBSCRIPTION_TRANSITIONS.assert(this.status, ACTIVE);
      this.status = ACTIVE;
    }
    this.updatedAt = now;
  }

  /** A new post its member could not pay: paused with the reason (the post is not placed). */
  pauseFor(reason: string, now: Date): void {
    if (this.status !== SubscriptionStatus.PAUSED)
      SUBSCRIPTION_TRANSITIONS.assert(this.status, SubscriptionStatus.PAUSED);
    this.status = SubscriptionStatus.PAUSED;
    this.pauseReason = reason.slice(0, 500);
    this.updatedAt = now;
  }

  /** Moves to `status`; a final status returns the refund due (point − used), recorded here once. */
  moveTo(status: SubscriptionStatus, now: Date): bigint {
    SUBSCRIPTION_TRANSITIONS.assert(this.status, status);
    this.status = status;
    this.updatedAt = now;
    if (!SUBSCRIPTION_TRANSITIONS.isTerminal(status)) return 0n;
    this.nextCheckAt = null;
    this.pauseReason = null;
    const due = this.point - this.used;
    this.refunded = due;
    return due;
  }

  /** Whether the provider may run it: sent, or its `add` out and unanswered. */
  get heldUpstream(): boolean {
    return this.providerSubscriptionId !== null || this.sendingAt !== null;
  }

  /** Whether a member's cancel is open (asked, not ended). */
  get cancelPending(): boolean {
    return this.cancelRequestedAt !== null && this.isOpen;
  }

  /** A member asks to end the subscription the provider runs: due at once for forwarding. */
  requestCancel(now: Date): void {
    if (!this.isOpen) SUBSCRIPTION_TRANSITIONS.assert(this.status, CANCELED);
    this.cancelRequestedAt = now;
    this.cancelForwardedAt = null;
    this.cancelRefusal = null;
    this.nextCheckAt = now;
    this.updatedAt = now;
  }

  /** The provider took the cancel; the subscription ends when its status says so. */
  cancelForwarded(now: Date): void {
    this.cancelForwardedAt = now;
    this.updatedAt = now;
  }

  /** The provider refused: the request closes with its reason (the member may ask again). */
  cancelRefused(reason: string, now: Date): void {
    this.cancelRequestedAt = null;
    this.cancelRefusal = reason.slice(0, 500);
    this.updatedAt = now;
  }

  /** Fulfilment takes it to send the `add`: until the outcome is recorded, the provider may have it. */
  markSending(now: Date): void {
    this.sendingAt = now;
    this.updatedAt = now;
  }

  markSent(providerSubscriptionId: string, nextCheckAt: Date, now: Date): void {
    this.sendingAt = null;
    this.providerSubscriptionId = providerSubscriptionId;
    this.lastError = null;
    this.nextCheckAt = nextCheckAt;
    this.updatedAt = now;
  }

  /**
   * Its `add` went out and no readable answer came back (a timeout, a 5xx, or a round cut off before it
   * recorded one): the provider may run it, so it stays held upstream (a member's cancel waits, nothing is
   * refunded) and is never sent again by itself, for a second `add` could start a second subscription the
   * shop pays the provider for. An operator checks the provider's panel: link its id, resend, or cancel.
   */
  holdUnanswered(note: string, now: Date): void {
    const sendingAt = this.sendingAt ?? now;
    this.checkAgainAt(null, now, note);
    this.sendingAt = sendingAt;
  }

  /** Waiting for an operator: its `add` is out, unanswered, and nothing is due. */
  get held(): boolean {
    return this.isOpen && this.providerSubscriptionId === null && this.sendingAt !== null && this.nextCheckAt === null;
  }

  private assertHeld(): void {
    if (!this.held) throw new DomainError('SUBSCRIPTION_NOT_HELD');
  }

  /** The operator found it on the provider's panel: followed from now on under that id. */
  linkHeld(providerSubscriptionId: string, now: Date): void {
    this.assertHeld();
    this.markSent(providerSubscriptionId, now, now);
  }

  /** The operator found nothing on the provider's panel: its `add` goes out again in the next round. */
  resendHeld(now: Date): void {
    this.assertHeld();
    this.checkAgainAt(now, now);
  }

  /** The operator found nothing on the provider's panel and ends it: everything unused comes back. */
  cancelHeld(now: Date): bigint {
    this.assertHeld();
    this.sendingAt = null;
    return this.moveTo(CANCELED, now);
  }

  checkAgainAt(next: Date | null, now: Date, error: string | null = null): void {
    this.nextCheckAt = next;
    this.sendingAt = null;
    this.lastError = error?.slice(0, 500) ?? null;
    this.updatedAt = now;
  }
}

/** A post the provider covered for a subscription: its child order, once per provider order id. */
@Entity({ tableName: 'order_subscription_post' })
@Unique({ name: 'order_subscription_post_once', properties: ['subscriptionId', 'providerOrderId'] })
export class SubscriptionPost {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  subscriptionId!: number;

  @Property({ type: 'string', length: 100 })
  providerOrderId!: string;

  @Property({ type: 'integer' })
  orderId!: number;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
