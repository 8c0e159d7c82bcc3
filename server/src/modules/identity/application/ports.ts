/**
 * What identity needs from other contexts, as ports bound at the composition root (app.module),
 * so identity never imports the wallet (which itself uses identity's guards).
 */
export abstract class PointBalanceReader {
  abstract balanceOf(memberId: number): Promise<bigint>;
}
