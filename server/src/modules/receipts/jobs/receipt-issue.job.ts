import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { JobEngine } from '../../../shared/index.js';
import { ReceiptDesk } from '../application/receipt-desk.js';
import { ReceiptIssuer } from '../application/receipt-issuer.js';

/** Issues (and adjusts after refunds) the due documents every 30 s, and says when some waited over a day. */
@Injectable()
export class ReceiptIssueJob {
  constructor(
    private readonly issuer: ReceiptIssuer,
    private readonly desk: ReceiptDesk,
    private readonly jobs: JobEngine,
  ) {
    jobs.define('receipt-issue', () => this.runOnce());
  }

  @Interval('receipt-issue', 30_000)
  tick(): Promise<void> {
    return this.jobs.tick('receipt-issue');
  }

  /** One round: answers how many documents were worked and how many have waited over a day. */
  async runOnce(): Promise<{ worked: number; waiting: number }> {
    const worked = await this.issuer.runDue();
    return { worked, waiting: await this.desk.alertWaiting() };
  }
}
