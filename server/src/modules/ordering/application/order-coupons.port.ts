import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandBus, DomainError, type Command } from '../../../shared/index.js';

/** An order a coupon code is entered for, before it exists. */
export interface CouponedOrder {
  memberId: number;
  code: string;
  serviceId: number;
  categoryId: number;
  /** The order's cost, whole won. */
  price: bigint;
}

/**
 * What ordering asks of the coupons module: in the order's transaction, use the code on the order (its
 * use row and its COUPON ledger credit) and then name the order the use paid for.
 */
export interface OrderCoupons {
  /** Counts a member's code attempt (throttled as a password is); before the order's transaction. */
  attempt(memberId: number): Promise<void>;
  /** Refuses with the Korean reason, else answers the use and the won it takes off. */
  useOnOrder(tx: EntityManager, order: CouponedOrder): Promise<{ useId: number; discount: bigint }>;
  attachOrder(tx: EntityManager, useId: number, orderId: number): Promise<void>;
}

/**
 * The same questions as commands on the bus: the coupons module imports ordering, so it registers their
 * handlers and ordering never imports it.
 */
export class CountCouponAttempt implements Command {
  static readonly key = 'coupons.count-attempt';
  readonly key = CountCouponAttempt.key;
  constructor(readonly memberId: number) {}
}

export class UseCouponOnOrder implements Command<{ useId: number; discount: bigint }> {
  static readonly key = 'coupons.use-on-order';
  readonly key = UseCouponOnOrder.key;
  constructor(
    readonly tx: EntityManager,
    readonly order: CouponedOrder,
  ) {}
}

export class AttachCouponOrder implements Command {
  static readonly key = 'coupons.attach-order';
  readonly key = AttachCouponOrder.key;
  constructor(
    readonly tx: EntityManager,
    readonly useId: number,
    readonly orderId: number,
  ) {}
}

/** Ordering's side of the coupon commands; without the coupons module a code is refused. */
@Injectable()
export class CouponCommandSender implements OrderCoupons {
  constructor(private readonly commands: CommandBus) {}

  attempt(memberId: number): Promise<void> {
    return this.send(new CountCouponAttempt(memberId));
  }

  useOnOrder(tx: EntityManager, order: CouponedOrder): Promise<{ useId: number; discount: bigint }> {
    return this.send(new UseCouponOnOrder(tx, order));
  }

  attachOrder(tx: EntityManager, useId: number, orderId: number): Promise<void> {
    return this.send(new AttachCouponOrder(tx, useId, orderId));
  }

  private send<Result>(command: Command<Result>): Promise<Result> {
    if (!this.commands.handles(command.key)) throw new DomainError('COUPON_UNAVAILABLE');
    return this.commands.execute(command);
  }
}
