import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/**
 * URLs typed by people and fetched by the server (provider APIs, reseller webhooks) must not reach the
 * app's own database port, the cloud metadata service or the office network: their hosts must resolve
 * to public addresses, checked when saved and again at every connection (DNS rebinding).
 */
/** The error code of a connection refused because its address is internal (nothing was sent). */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATEADDRESS';

/**
 * IPv6 forms that carry an IPv4 address inside and that ipaddr.js calls "unicast" anyway: the deprecated
 * IPv4-compatible ::/96 (`::7f00:1` is 127.0.0.1 on a host that still routes it). The other embedding forms
 * (NAT64 64:ff9b::/96 and /48, 6to4, Teredo, SIIT ::ffff:0:0:0/96) have ranges of their own, refused below.
 */
const IPV4_EMBEDDING = [ipaddr.parseCIDR('::/96')];

/** Whether an IP address is one a server on the internet may have (ipaddr.js's "unicast" range). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (IPV4_EMBEDDING.some((range) => v6.match(range))) return false;
  }
  return parsed.range() === 'unicast';
}

export type LookupAll = (hostname: string) => Promise<LookupAddress[]>;
export const lookupAll: LookupAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** Save-time check: 'private' when the host is internal, 'unresolved' when it has no address, null when public. */
export async function publicUrlProblem(
  url: string,
  lookup: LookupAll = lookupAll,
): Promise<'private' | 'unresolved' | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host)).map((a) => a.address);
    } catch {
      return 'unresolved';
    }
  }
  if (addresses.length === 0) return 'unresolved';
  return addresses.every(isPublicAddress) ? null : 'private';
}

/** Request-time check of an IP-literal host (no lookup happens for it): throws EPRIVATEADDRESS when internal. */
export function assertPublicLiteral(url: string, message: string): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host))
    throw Object.assign(new Error(`${host}: ${message}`), { code: PRIVATE_ADDRESS_CODE });
}

/**
 * An undici dispatcher whose every connection resolves its host and refuses internal addresses
 * (request-time check: nothing is sent to an address the save-time check would have refused).
 */
export function publicOnlyDispatcher(message: string, options: Agent.Options = {}): Agent {
  return new Agent({
    ...options,
    connect: {
      lookup: (hostname, lookupOptions, callback) => {
        dnsLookup(hostname, { ...lookupOptions, all: true, verbatim: true }, (error, addresses) => {
          if (error) return callback(error, '', 0);
          const list = addresses as LookupAddress[];
          const blocked = list.find((a) => !isPublicAddress(a.address));
          if (blocked || list.length === 0)
            return callback(Object.assign(new Error(`${hostname}: ${message}`), { code: PRIVATE_ADDRESS_CODE }), '', 0);
          if ((lookupOptions as { all?: boolean }).all)
            return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
          callback(null, list[0]!.address, list[0]!.family);
        });
      },
    },
  });
}
