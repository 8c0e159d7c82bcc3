import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { OperatorGuard } from '../../auth/index.js';
import { Allow, parseListQuery } from '../../../shared/index.js';
import { adminLedgerEntryView } from '../application/admin-views.js';
import { WalletFacade } from '../application/wallet.facade.js';

@Controller('admin')
@UseGuards(OperatorGuard)
@Allow('ledger')
export class AdminWalletController {
  constructor(private readonly wallet: WalletFacade) {}

  @Get('ledger-entries')
  async ledger(@Query() query: unknown) {
    return (await this.wallet.ledgerPage(parseListQuery(query))).map(adminLedgerEntryView);
  }

  /** The books check operators can run at any time: every balance equals the sum of its entries. */
  @Get('wallet/invariant')
  async invariant() {
    const violations = await this.wallet.invariantViolations();
    return { ok: violations.length === 0, violations };
  }
}
