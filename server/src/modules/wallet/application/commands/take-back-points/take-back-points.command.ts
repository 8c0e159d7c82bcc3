import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../../../shared/index.js';
import { TakePoints } from '../take-points/take-points.command.js';
import type { Movement } from '../../wallet.types.js';

/**
 * Takes back up to `amount` (what the balance covers) and records the rest as the member's debt, once per
 * reference; answers both parts. While a debt is open the member cannot order.
 */
@Injectable()
export class TakeBackPoints {
  constructor(
    private readonly clock: Clock,
    private readonly takes: TakePoints,
  ) {}

  async run(em: EntityManager, movement: Movement): Promise<{ taken: bigint; unrecovered: bigint }> {
    const taken = await this.takes.debitUpTo(em, movement);
    const unrecovered = movement.amount - taken;
    if (unrecovered > 0n) {
      await em.execute(
        `insert into point_debt (member_id, amount, collected, written_off, reference_type, reference_id, memo, created_at)
         values (?, ?, 0, 0, ?, ?, ?, ?)`,
        [
          movement.memberId,
          unrecovered.toString(),
          movement.reference.type,
          String(movement.reference.id),
          movement.memo ?? null,
          this.clock.now(),
        ],
      );
    }
    return { taken, unrecovered };
  }
}
