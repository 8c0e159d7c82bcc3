import { Injectable } from '@nestjs/common';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';
import { AppConfig } from '../../../config/index.js';
import { DomainError } from '../../../shared/index.js';
import { simulatedProviderUrl } from '../domain/simulation.js';

/**
 * Provider URLs are typed by operators and fetched by the server: left open, one could point the app at
 * its own database port, the cloud metadata service (169.254.169.254) or the office network. So a
 * provider's host must resolve to public addresses only, checked when the provider is saved and again
 * on every connection (the dispatcher's lookup), so a name that later resolves elsewhere (DNS
 * rebinding) is refused too. ALLOW_PRIVATE_PROVIDER_URLS opens it for a provider on the local network;
 * the app's own simulated provider is trusted by its exact URL.
 */
export const PRIVATE_ADDRESS_MESSAGE =
  '공급사 API URL이 내부망(사설·루프백·링크로컬) 주소를 가리킵니다. 외부에서 접근 가능한 주소를 입력해 주세요.';
/** The error code of a connection refused because its address is internal (nothing was sent). */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATEADDRESS';
export const UNRESOLVED_MESSAGE = '공급사 API URL의 호스트를 찾을 수 없습니다.';

/**
 * IPv6 forms that carry an IPv4 address inside and that ipaddr.js calls "unicast" anyway: the deprecated
 * IPv4-compatible ::/96 (`::7f00:1` is 127.0.0.1 on a host that still routes it). The other embedding forms
 * (NAT64 64:ff9b::/96 and /48, 6to4, Teredo, SIIT ::ffff:0:0:0/96) have ranges of their own, refused below.
 */
const IPV4_EMBEDDING = [ipaddr.parseCIDR('::/96')];

/** Whether an IP address is one a provider on the internet may have (ipaddr.js's "unicast" range). */
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

type LookupAll = (hostname: string) => Promise<LookupAddress[]>;
const lookupAll: LookupAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

export interface AddressPolicy {
  /** ALLOW_PRIVATE_PROVIDER_URLS: any address is allowed. */
  allowPrivate: boolean;
  /** URLs served by this app itself (the simulated provider), allowed whatever they resolve to. */
  trusted: () => string[];
}

/** Save-time check of a provider URL: a 400 with a Korean reason when its host is internal or unknown. */
export async function assertPublicProviderUrl(
  apiUrl: string,
  policy: AddressPolicy,
  lookup: LookupAll = lookupAll,
): Promise<void> {
  if (policy.allowPrivate || policy.trusted().includes(apiUrl)) return;
  const host = new URL(apiUrl).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host)).map((a) => a.address);
    } catch {
      throw new DomainError(UNRESOLVED_MESSAGE, 400);
    }
  }
  if (addresses.length === 0) throw new DomainError(UNRESOLVED_MESSAGE, 400);
  if (!addresses.every(isPublicAddress)) throw new DomainError(PRIVATE_ADDRESS_MESSAGE, 400);
}

/**
 * An undici dispatcher whose every connection resolves its host and refuses internal addresses
 * (request-time check: nothing is sent to an address the save-time check would have refused).
 */
export function publicOnlyDispatcher(): Agent {
  return new Agent({
    connect: {
      lookup: (hostname, options, callback) => {
        dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
          if (error) return callback(error, '', 0);
          const list = addresses as LookupAddress[];
          const blocked = list.find((a) => !isPublicAddress(a.address));
          if (blocked || list.length === 0)
            return callback(
              Object.assign(new Error(`${hostname}: ${PRIVATE_ADDRESS_MESSAGE}`), { code: PRIVATE_ADDRESS_CODE }),
              '',
              0,
            );
          if ((options as { all?: boolean }).all)
            return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
          callback(null, list[0]!.address, list[0]!.family);
        });
      },
    },
  });
}

/** The policy as the app runs it: ALLOW_PRIVATE_PROVIDER_URLS, and the simulated provider's own URL trusted. */
@Injectable()
export class ProviderAddressGuard {
  private readonly dispatcher = publicOnlyDispatcher();

  constructor(private readonly config: AppConfig) {}

  /** The app's own simulated provider: served by this process, so trusted by its exact URL. */
  private simulatedUrl(): string {
    return simulatedProviderUrl(this.config.env.PORT);
  }

  private allowed(apiUrl: string): boolean {
    return this.config.env.ALLOW_PRIVATE_PROVIDER_URLS || apiUrl === this.simulatedUrl();
  }

  /** When a provider is created or its URL changed. */
  assertSavable(apiUrl: string): Promise<void> {
    return assertPublicProviderUrl(apiUrl, {
      allowPrivate: this.config.env.ALLOW_PRIVATE_PROVIDER_URLS,
      trusted: () => [this.simulatedUrl()],
    });
  }

  /**
   * The dispatcher for one request (undefined: the default one, for allowed URLs). An IP-literal host is
   * checked here (no lookup happens for it); a name is checked by the dispatcher at every connection.
   */
  dispatcherFor(apiUrl: string): Agent | undefined {
    if (this.allowed(apiUrl)) return undefined;
    let host: string;
    try {
      host = new URL(apiUrl).hostname.replace(/^\[|\]$/g, '');
    } catch {
      return this.dispatcher;
    }
    if (isIP(host) && !isPublicAddress(host))
      throw Object.assign(new Error(`${host}: ${PRIVATE_ADDRESS_MESSAGE}`), { code: PRIVATE_ADDRESS_CODE });
    return this.dispatcher;
  }
}
