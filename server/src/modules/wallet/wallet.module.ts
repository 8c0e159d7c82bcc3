import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/index.js';
import { WalletFacade } from './application/wallet.facade.js';
import { PointDebtCommands } from './application/point-debt-commands.js';
import { AdjustPoints } from './application/commands/adjust-points/adjust-points.command.js';
import { CollectDebts } from './application/commands/collect-debts/collect-debts.command.js';
import { ForfeitBalance } from './application/commands/forfeit-balance/forfeit-balance.command.js';
import { GivePoints } from './application/commands/give-points/give-points.command.js';
import { PayForNewRows } from './application/commands/pay-for-new-rows/pay-for-new-rows.command.js';
import { TakeBackPoints } from './application/commands/take-back-points/take-back-points.command.js';
import { TakePoints } from './application/commands/take-points/take-points.command.js';
import { WriteOffDebt } from './application/commands/write-off-debt/write-off-debt.command.js';
import { CheckInvariant } from './application/queries/check-invariant/check-invariant.query.js';
import { GetBalances } from './application/queries/get-balances/get-balances.query.js';
import { GetChargedTotal } from './application/queries/get-charged-total/get-charged-total.query.js';
import { GetDailyTotals } from './application/queries/get-daily-totals/get-daily-totals.query.js';
import { GetDebts } from './application/queries/get-debts/get-debts.query.js';
import { ListLedger } from './application/queries/list-ledger/list-ledger.query.js';
import { AdminWalletController } from './http/admin-wallet.controller.js';
import { AdminPointDebtsController } from './http/admin-point-debts.controller.js';
import { AuditModule } from '../audit/index.js';
import { SettingsModule } from '../settings/index.js';
import { CloseDeletedMemberBalanceHandler } from './application/handlers/close-deleted-member-balance.js';

/** The use cases behind the facade, module-private. */
const USE_CASES = [
  TakePoints,
  PayForNewRows,
  GivePoints,
  AdjustPoints,
  ForfeitBalance,
  TakeBackPoints,
  CollectDebts,
  WriteOffDebt,
  GetBalances,
  GetDebts,
  ListLedger,
  GetDailyTotals,
  CheckInvariant,
  GetChargedTotal,
];

@Module({
  imports: [DeliveryModule, AuditModule, SettingsModule],
  controllers: [AdminWalletController, AdminPointDebtsController],
  providers: [...USE_CASES, WalletFacade, PointDebtCommands, CloseDeletedMemberBalanceHandler],
  exports: [WalletFacade],
})
export class WalletModule {}
