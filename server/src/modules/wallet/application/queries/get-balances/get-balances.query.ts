import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** Members' balances: 0 without an account. */
@Injectable()
export class GetBalances {
  constructor(private readonly em: EntityManager) {}

  async balanceOf(memberId: number): Promise<bigint> {
    const rows = await this.em
      .fork()
      .execute<{ balance: string }[]>('select balance from point_account where member_id = ?', [memberId]);
    return rows[0] ? BigInt(rows[0].balance) : 0n;
  }

  async balancesOf(memberIds: number[]): Promise<Map<number, bigint>> {
    const result = new Map<number, bigint>(memberIds.map((id) => [id, 0n]));
    if (memberIds.length === 0) return result;
    const rows = await this.em
      .fork()
      .execute<{ member_id: number; balance: string }[]>(
        'select member_id, balance from point_account where member_id in (?)',
        [memberIds],
      );
    for (const row of rows) result.set(row.member_id, BigInt(row.balance));
    return result;
  }

  /**
   * The balance with the account row locked for the caller's transaction: a check of several debits at once
   * (a mass order) holds until they are made. 0 without an account.
   */
  async lockedBalance(em: EntityManager, memberId: number): Promise<bigint> {
    const rows = await em.execute<{ balance: string }[]>(
      'select balance from point_account where member_id = ? for update',
      [memberId],
    );
    return rows[0] ? BigInt(rows[0].balance) : 0n;
  }
}
