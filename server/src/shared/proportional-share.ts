/**
 * What a refund takes back of something granted for a charge (a referral reward, a top-up bonus), given
 * everything refunded of the charge so far, this refund included: the grant's share of that cumulative
 * figure (rounded down to the won), less what earlier refunds already settled (taken back or found spent).
 * Measured cumulatively, so several partial refunds add up exactly to what one refund of their sum would
 * take, and a fully refunded charge settles the whole grant.
 */
export function proportionalTakeBack(
  granted: bigint,
  settledBefore: bigint,
  refundedTotal: bigint,
  chargePoint: bigint,
): bigint {
  const target = refundedTotal >= chargePoint ? granted : (granted * refundedTotal) / chargePoint;
  const share = target - settledBefore;
  return share > 0n ? share : 0n;
}

/** A grant a refund takes back in part: what was given, what came back, what was found spent. */
export interface ReclaimableGrant {
  amount: bigint;
  reclaimed: bigint;
  unrecovered: bigint;
}

/**
 * Takes back a grant's share for a refund ({@link proportionalTakeBack}) through `take`, which answers
 * how much of the share it could take (the wallet's debitUpTo: never below zero); the rest is recorded on
 * the grant as unrecovered, so later refunds never ask for it again.
 */
export async function reclaimShare(
  grant: ReclaimableGrant,
  refundedTotal: bigint,
  chargePoint: bigint,
  take: (share: bigint) => Promise<bigint>,
): Promise<void> {
  const share = proportionalTakeBack(grant.amount, grant.reclaimed + grant.unrecovered, refundedTotal, chargePoint);
  if (share <= 0n) return;
  const taken = await take(share);
  grant.reclaimed += taken;
  grant.unrecovered += share - taken;
}
