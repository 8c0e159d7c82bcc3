import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AlertsFacade } from '../../../../alerts/index.js';
import { Clock } from '../../../../../shared/index.js';
import { RECEIPT_KIND_LABELS, RECEIPT_STATUS_LABELS } from '../../../../../contracts/receipts.js';
import { Receipt } from '../../../domain/receipt.entity.js';
import { DAY_MS, KST_MS } from '../../receipt-views.js';

@Injectable()
export class AlertWaitingReceipts {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly alerts: AlertsFacade,
  ) {}

  /** One alert a Korean day while documents have waited (대기 or 실패) more than a day; answers how many wait. */
  async execute(): Promise<number> {
    const now = this.clock.now();
    const waiting = await this.em
      .fork()
      .find(
        Receipt,
        { status: { $in: ['PENDING', 'FAILED'] }, createdAt: { $lte: new Date(now.getTime() - DAY_MS) } },
        { orderBy: { id: 'ASC' }, limit: 20 },
      );
    if (waiting.length === 0) return 0;
    const count = await this.em.fork().count(Receipt, {
      status: { $in: ['PENDING', 'FAILED'] },
      createdAt: { $lte: new Date(now.getTime() - DAY_MS) },
    });
    const day = new Date(now.getTime() + KST_MS).toISOString().slice(0, 10);
    const list = waiting.map(
      (r) => `#${r.id} (${RECEIPT_KIND_LABELS[r.kind]}, 충전 #${r.chargeId}, ${RECEIPT_STATUS_LABELS[r.status]})`,
    );
    await this.alerts.raise(
      'RECEIPT_WAITING',
      `하루 넘게 발행되지 않은 증빙이 ${count}건 있습니다: ${list.join(', ')}${count > list.length ? ' …' : ''}. 증빙 발행에서 다시 발행하거나 홈택스 발행을 기록해 주세요.`,
      `receipt-waiting:${day}`,
    );
    return count;
  }
}
