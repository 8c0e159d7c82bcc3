import { randomInt } from 'node:crypto';
import { COUPON_CODE_ALPHABET, COUPON_CODE_LENGTH } from '../../../contracts/index.js';

/** A new code from the operating system's CSPRNG, each character uniform over the unambiguous alphabet. */
export function newCouponCode(): string {
  let code = '';
  for (let i = 0; i < COUPON_CODE_LENGTH; i++) code += COUPON_CODE_ALPHABET[randomInt(COUPON_CODE_ALPHABET.length)];
  return code;
}
