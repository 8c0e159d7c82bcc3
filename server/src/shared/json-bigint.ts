// Money is bigint (integer won) end to end; on the wire it is a plain JSON number. Balances stay far
// below Number.MAX_SAFE_INTEGER (9 quadrillion won), so the conversion is exact.
declare global {
  interface BigInt {
    toJSON(): number;
  }
}
BigInt.prototype.toJSON = function toJSON(this: bigint) {
  return Number(this);
};
export {};
