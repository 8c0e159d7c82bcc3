import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Money the member's level counted went back (a refund, a chargeback): it counts no more, and a level the
 * charges earned is recomputed from what is left (down, possibly to none). A level an operator set stays.
 */
export async function lowerStanding(tx: EntityManager, memberId: number, amount: bigint, now: Date): Promise<void> {
  await tx.execute(
    `update member_standing s
        set charged = greatest(s.charged - ?, 0),
            level_id = case when s.level_by_hand then s.level_id else
              (select l.id from member_level l where l.threshold <= greatest(s.charged - ?, 0)
                order by l.threshold desc limit 1) end,
            updated_at = ?
      where s.member_id = ?`,
    [amount.toString(), amount.toString(), now, memberId],
  );
}
