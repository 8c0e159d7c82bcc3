import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Clock, inputRefusal, NotFoundError } from '../../../../../shared/index.js';
import { RECEIPT_MESSAGES, receiptDetailsSchema } from '../../../../../contracts/receipts.js';
import { Receipt } from '../../../domain/receipt.entity.js';

@Injectable()
export class FixReceiptDetails {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** The member corrects the 사업자등록번호 (and the rest of the invoice details) or the phone before issue. */
  execute(memberId: number, id: number, feeValue: unknown): Promise<Receipt> {
    return this.em.fork().transactional(async (tx) => {
      const receipt = await tx.findOne(Receipt, { id, memberId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!receipt) throw new NotFoundError('RECEIPT_NOT_FOUND');
      const parsed = receiptDetailsSchema[receipt.kind].safeParse(feeValue ?? {});
      if (!parsed.success) throw inputRefusal(parsed.error.issues[0]?.message ?? RECEIPT_MESSAGES.notEditable);
      receipt.fix(parsed.data, this.clock.now());
      return receipt;
    });
  }
}
