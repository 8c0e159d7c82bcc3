import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../../../shared/index.js';
import { DeliveryFacade } from '../../../../delivery/index.js';
import { positive, type Movement, type MovementResult } from '../../wallet.types.js';

/**
 * Gives points at most once per (kind, reference): a repeated call finds the ledger row and moves
 * nothing. Two concurrent calls for the same reference: the unique key fails the second statement.
 */
@Injectable()
export class GivePoints {
  constructor(
    private readonly clock: Clock,
    private readonly delivery: DeliveryFacade,
  ) {}

  async run(em: EntityManager, movement: Movement): Promise<MovementResult> {
    positive(movement.amount);
    const now = this.clock.now();
    const rows = await em.execute<{ balance_after: string }[]>(
      `with given as (
         insert into point_account (member_id, balance, version, updated_at) values (?, ?, 1, ?)
         on conflict (member_id) do update
           set balance = point_account.balance + excluded.balance, version = point_account.version + 1, updated_at = excluded.updated_at
         where not exists (select 1 from point_ledger_entry where kind = ? and reference_type = ? and reference_id = ?)
         returning balance
       )
       insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, memo, created_at)
       select ?, ?, given.balance, ?, ?, ?, ?, ? from given
       returning balance_after`,
      [
        movement.memberId,
        movement.amount.toString(),
        now,
        movement.kind,
        movement.reference.type,
        String(movement.reference.id),
        movement.memberId,
        movement.amount.toString(),
        movement.kind,
        movement.reference.type,
        String(movement.reference.id),
        movement.memo ?? null,
        now,
      ],
    );
    if (rows.length === 0) return { applied: false, balanceAfter: null };
    const balanceAfter = BigInt(rows[0]!.balance_after);
    await this.announce(em, movement, balanceAfter);
    return { applied: true, balanceAfter };
  }

  /**
   * A credit is told to the member in its own transaction: the reseller's `balance.changed` webhook, and
   * for a charge the customer's 충전 완료 notice. (Order debits are not: the reseller placed them.)
   */
  private async announce(em: EntityManager, movement: Movement, balanceAfter: bigint): Promise<void> {
    const key = `${movement.kind}:${movement.reference.type}:${movement.reference.id}`;
    await this.delivery.webhookEvent(
      em,
      movement.memberId,
      'balance.changed',
      {
        balance: balanceAfter.toString(),
        amount: movement.amount.toString(),
        kind: movement.kind,
        reference: `${movement.reference.type}:${movement.reference.id}`,
        currency: 'KRW',
      },
      `balance:${key}`,
      'balance',
    );
    if (movement.kind === 'CHARGE')
      await this.delivery.notice(
        em,
        movement.memberId,
        'charge.completed',
        { '#{금액}': movement.amount.toLocaleString('ko-KR'), '#{잔액}': balanceAfter.toLocaleString('ko-KR') },
        `charge:${key}`,
      );
  }
}
