import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import { BillingFacade } from '../modules/billing/index.js';
import type { MemberMoneyCloser } from '../modules/identity/index.js';
import { OrderingFacade } from '../modules/ordering/index.js';
import type { SettingsService } from '../modules/settings/index.js';
import { LedgerKind, type WalletFacade } from '../modules/wallet/index.js';

/** The ledger reference of a deleted member's forfeited balance: one per member. */
export const forfeitReference = (memberId: number) => ({ type: 'member', id: memberId });

/**
 * What a member's deletion does to their money, across billing, ordering and wallet, through their
 * facades and in identity's withdrawal transaction (all or nothing): waiting charges close, open orders
 * and auto-orders are canceled with their refunds, then the balance is forfeited on the ledger or kept,
 * as the operator's MEMBER_DELETION_BALANCE says. Billing and ordering are looked up when first used:
 * their modules import identity (guards), so the ports module cannot import them.
 */
export function memberMoneyCloser(
  moduleRef: ModuleRef,
  wallet: WalletFacade,
  settings: SettingsService,
): MemberMoneyCloser {
  const logger = new Logger('MemberMoneyCloser');
  return {
    async close(tx: EntityManager, memberId: number): Promise<void> {
      const billing = moduleRef.get(BillingFacade, { strict: false });
      const ordering = moduleRef.get(OrderingFacade, { strict: false });
      const charges = await billing.closeMemberCharges(tx, memberId);
      const { orders, autoOrders } = await ordering.closeForDeletedMember(tx, memberId);
      const keep = String(await settings.get('MEMBER_DELETION_BALANCE')) === 'KEEP';
      const forfeited = keep
        ? null
        : await wallet.takeAll(
            tx,
            memberId,
            LedgerKind.FORFEIT,
            forfeitReference(memberId),
            `회원 ${memberId} 탈퇴: 잔여 포인트 소멸`,
          );
      logger.log(
        `member ${memberId} deleted: charges closed [${charges.join(',')}], orders canceled [${orders.join(',')}], auto-orders canceled [${autoOrders.join(',')}], balance ${keep ? 'kept' : forfeited?.applied ? 'forfeited' : 'was zero'}`,
      );
    },
  };
}
