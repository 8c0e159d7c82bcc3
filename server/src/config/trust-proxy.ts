import { isIP } from 'node:net';
import { z } from 'zod';

/** The names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address or a CIDR (`10.0.0.0/8`, `fd00::/8`), or one of proxy-addr's range names. */
function isAddressOrRange(item: string): boolean {
  if (RANGE_NAMES.includes(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export type TrustProxy = boolean | number | string[];

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: `true` (every hop), a hop count, or a comma list of
 * addresses, CIDRs and range names (`loopback`, `linklocal`, `uniquelocal`). Unset or `false`: the
 * socket's address is the client and X-Forwarded-For is ignored.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((raw, ctx): TrustProxy => {
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    if (/^\d+$/.test(raw)) return Number(raw);
    const items = raw.split(',').map((s) => s.trim());
    const bad = items.find((item) => !isAddressOrRange(item));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be true, false, a hop count or a comma list of addresses/CIDRs/loopback (bad: "${bad}")`,
      });
      return z.NEVER;
    }
    return items;
  });

/** Fastify's trustProxy for the setting: a hop count as the function Fastify itself makes of one (its types omit numbers). */
export function fastifyTrustProxy(
  value: TrustProxy | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value ?? false;
}
