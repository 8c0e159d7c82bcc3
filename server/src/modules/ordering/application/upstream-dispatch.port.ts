import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandBus, type Command } from '../../../shared/index.js';

/**
 * What ordering reads of fulfilment's dispatch record (order_dispatch). Fulfilment uses ordering's facade,
 * so ordering asks through the command bus and fulfilment registers the handlers (DispatchRecords).
 */
export interface UpstreamDispatchNotes {
  /** Of these orders, those claimed or held upstream (the provider may have them): never canceled as unsent. */
  heldAmong(tx: EntityManager, orderIds: number[]): Promise<Set<number>>;
  /** Orders an operator must check: `held` (sent or not, nobody knows) and `flagged` (running, the provider said something unmappable). */
  needingCheck(): Promise<{ held: number[]; flagged: number[] }>;
  /** Orders whose dispatch record carries a provider error or a note. */
  withNote(): Promise<number[]>;
  /** What these orders cost upstream now (won, decimal text; null: unknown), from their dispatch records. */
  costsOf(orders: CostedOrder[]): Promise<Map<number, string | null>>;
}

/** What the cost of an order depends on besides its dispatch record. */
export interface CostedOrder {
  id: number;
  status: string;
  amount: number;
  remains: number | null;
}

export class HeldUpstreamAmong implements Command<Set<number>> {
  static readonly key = 'fulfilment.held-upstream-among';
  readonly key = HeldUpstreamAmong.key;
  constructor(
    readonly tx: EntityManager,
    readonly orderIds: number[],
  ) {}
}

export class OrdersNeedingCheck implements Command<{ held: number[]; flagged: number[] }> {
  static readonly key = 'fulfilment.orders-needing-check';
  readonly key = OrdersNeedingCheck.key;
}

export class OrdersWithDispatchNote implements Command<number[]> {
  static readonly key = 'fulfilment.orders-with-dispatch-note';
  readonly key = OrdersWithDispatchNote.key;
}

export class UpstreamCostsOf implements Command<Map<number, string | null>> {
  static readonly key = 'fulfilment.upstream-costs-of';
  readonly key = UpstreamCostsOf.key;
  constructor(readonly orders: CostedOrder[]) {}
}

/** Ordering's side of the dispatch questions (the bus refuses when fulfilment registered no handler). */
@Injectable()
export class DispatchCommandSender implements UpstreamDispatchNotes {
  constructor(private readonly commands: CommandBus) {}

  heldAmong(tx: EntityManager, orderIds: number[]): Promise<Set<number>> {
    return this.commands.execute(new HeldUpstreamAmong(tx, orderIds));
  }

  needingCheck(): Promise<{ held: number[]; flagged: number[] }> {
    return this.commands.execute(new OrdersNeedingCheck());
  }

  withNote(): Promise<number[]> {
    return this.commands.execute(new OrdersWithDispatchNote());
  }

  costsOf(orders: CostedOrder[]): Promise<Map<number, string | null>> {
    return this.commands.execute(new UpstreamCostsOf(orders));
  }
}
