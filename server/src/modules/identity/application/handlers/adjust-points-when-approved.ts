import { Injectable } from '@nestjs/common';
import { approvedCommandKey, type ApprovedCommand } from '../../../../contracts/approvals.js';
import { HandlesCommand } from '../../../../shared/index.js';
import { MembersAdminService } from '../members-admin.service.js';

/** Runs an approved point adjustment as the approver's (once per approval: its ledger reference). */
@Injectable()
export class AdjustPointsWhenApproved {
  constructor(private readonly members: MembersAdminService) {}

  @HandlesCommand(approvedCommandKey('points.adjust'))
  run({ payload, approver, approvalId }: ApprovedCommand): Promise<unknown> {
    return this.members.adjustPoints(
      Number(payload.memberId),
      BigInt(payload.amount!),
      String(payload.reason),
      approver,
      approvalId,
    );
  }
}
