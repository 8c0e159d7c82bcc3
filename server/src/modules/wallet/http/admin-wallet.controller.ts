import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { OperatorGuard } from '../../auth/index.js';
import { parseListQuery } from '../../../shared/index.js';
import { WalletFacade } from '../application/wallet.facade.js';

@Controller('admin')
@UseGuards(OperatorGuard)
export class AdminWalletController {
  constructor(private readonly wallet: WalletFacade) {}

  @Get('ledger-entries')
  ledger(@Query() query: unknown) {
    return this.wallet.ledgerPage(parseListQuery(query));
  }

  /** The books check operators can run at any time: every balance equals the sum of its entries. */
  @Get('wallet/invariant')
  async invariant() {
    const violations = await this.wallet.invariantViolations();
    return { ok: violations.length === 0, violations };
  }
}
