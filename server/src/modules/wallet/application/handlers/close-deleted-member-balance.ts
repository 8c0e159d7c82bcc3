import { Injectable, Logger } from '@nestjs/common';
import { HandlesCommand } from '../../../../shared/index.js';
import { CloseDeletedMemberBalance } from '../../../identity/index.js';
import { SettingsService } from '../../../settings/index.js';
import { LedgerKind } from '../../domain/vocabulary.js';
import { WalletFacade } from '../wallet.facade.js';

/** The ledger reference of a deleted member's forfeited balance: one per member. */
export const forfeitReference = (memberId: number) => ({ type: 'member', id: memberId });

/** A deleted member's balance is forfeited on the ledger, or kept, as MEMBER_DELETION_BALANCE says. */
@Injectable()
export class CloseDeletedMemberBalanceHandler {
  private readonly logger = new Logger(CloseDeletedMemberBalanceHandler.name);

  constructor(
    private readonly wallet: WalletFacade,
    private readonly settings: SettingsService,
  ) {}

  @HandlesCommand(CloseDeletedMemberBalance.key)
  async run({ tx, memberId }: CloseDeletedMemberBalance): Promise<void> {
    if (String(await this.settings.get('MEMBER_DELETION_BALANCE')) === 'KEEP') {
      this.logger.log(`member ${memberId} deleted: balance kept`);
      return;
    }
    const forfeited = await this.wallet.takeAll(
      tx,
      memberId,
      LedgerKind.FORFEIT,
      forfeitReference(memberId),
      `회원 ${memberId} 탈퇴: 잔여 포인트 소멸`,
    );
    this.logger.log(`member ${memberId} deleted: balance ${forfeited?.applied ? 'forfeited' : 'was zero'}`);
  }
}
