import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What ordering reads of fulfilment's dispatch record (order_dispatch), implemented by fulfilment.
 * Ordering cannot import fulfilment (fulfilment uses ordering's facade), so it declares the port and
 * fulfilment provides it (DispatchRecords); ordering looks it up when first used.
 */
export abstract class UpstreamDispatchNotes {
  /** Of these orders, those claimed or held upstream (the provider may have them): never canceled as unsent. */
  abstract heldAmong(tx: EntityManager, orderIds: number[]): Promise<Set<number>>;
  /** Orders an operator must check: `held` (sent or not, nobody knows) and `flagged` (running, the provider said something unmappable). */
  abstract needingCheck(): Promise<{ held: number[]; flagged: number[] }>;
  /** Orders whose dispatch record carries a provider error or a note. */
  abstract withNote(): Promise<number[]>;
  /** What these orders cost upstream now (won, decimal text; null: unknown), from their dispatch records. */
  abstract costsOf(orders: CostedOrder[]): Promise<Map<number, string | null>>;
}

/** What the cost of an order depends on besides its dispatch record. */
export interface CostedOrder {
  id: number;
  status: string;
  amount: number;
  remains: number | null;
}

const NONE: UpstreamDispatchNotes = {
  heldAmong: async () => new Set(),
  needingCheck: async () => ({ held: [], flagged: [] }),
  withNote: async () => [],
  costsOf: async () => new Map(),
};

/** The port's implementation as registered by fulfilment (none when fulfilment is not loaded). */
@Injectable()
export class DispatchNotesLookup {
  private notes?: UpstreamDispatchNotes;

  constructor(private readonly moduleRef: ModuleRef) {}

  get(): UpstreamDispatchNotes {
    if (!this.notes) {
      try {
        this.notes = this.moduleRef.get(UpstreamDispatchNotes, { strict: false });
      } catch {
        return NONE;
      }
    }
    return this.notes;
  }
}
