import { Injectable } from '@nestjs/common';
import { HandlesCommand } from '../../../../shared/index.js';
import {
  HeldUpstreamAmong,
  OrdersNeedingCheck,
  OrdersWithDispatchNote,
  UpstreamCostsOf,
} from '../../../ordering/index.js';
import { DispatchRecords } from '../dispatch-records.js';

/** Answers ordering's questions about the dispatch records (ordering cannot import fulfilment). */
@Injectable()
export class AnswerDispatchNotes {
  constructor(private readonly records: DispatchRecords) {}

  @HandlesCommand(HeldUpstreamAmong.key)
  heldAmong({ tx, orderIds }: HeldUpstreamAmong): Promise<Set<number>> {
    return this.records.heldAmong(tx, orderIds);
  }

  @HandlesCommand(OrdersNeedingCheck.key)
  needingCheck(): Promise<{ held: number[]; flagged: number[] }> {
    return this.records.needingCheck();
  }

  @HandlesCommand(OrdersWithDispatchNote.key)
  withNote(): Promise<number[]> {
    return this.records.withNote();
  }

  @HandlesCommand(UpstreamCostsOf.key)
  costsOf({ orders }: UpstreamCostsOf): Promise<Map<number, string | null>> {
    return this.records.costsOf(orders);
  }
}
