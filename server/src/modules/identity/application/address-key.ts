import ipaddr from 'ipaddr.js';

/**
 * The address every per-address limit of identity counts (the rate limits, the login throttle, the code
 * step): an IPv4 address as is, an IPv6 one by its /64 (one subscriber's network; a host can take any
 * address inside it). IPv4-mapped IPv6 counts as its IPv4 address.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip.slice(0, 64);
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
