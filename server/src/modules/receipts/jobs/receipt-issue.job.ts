import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { SingleFlight } from '../../../shared/index.js';
import { ReceiptDesk } from '../application/receipt-desk.js';
import { ReceiptIssuer } from '../application/receipt-issuer.js';

/** Issues (and adjusts after refunds) the due documents every 30 s, and says when some waited over a day. */
@Injectable()
export class ReceiptIssueJob {
  private readonly flight = new SingleFlight();

  constructor(
    private readonly issuer: ReceiptIssuer,
    private readonly desk: ReceiptDesk,
  ) {}

  @Interval('receipt-issue', 30_000)
  tick(): Promise<unknown> {
    return this.flight.run(() => this.runOnce());
  }

  /** One round: answers how many documents were worked and how many have waited over a day. */
  async runOnce(): Promise<{ worked: number; waiting: number }> {
    const worked = await this.issuer.runDue();
    return { worked, waiting: await this.desk.alertWaiting() };
  }
}
