import { Injectable } from '@nestjs/common';
import { isIP } from 'node:net';
import { Agent } from 'undici';
import { AppConfig } from '../../../config/index.js';
import {
  DomainError,
  PRIVATE_ADDRESS_CODE,
  isPublicAddress,
  lookupAll,
  publicOnlyDispatcher as sharedPublicOnlyDispatcher,
  type LookupAll,
} from '../../../shared/index.js';
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
// The address rules are shared with reseller webhooks (shared/public-address.ts).
export { PRIVATE_ADDRESS_CODE, isPublicAddress };
export const UNRESOLVED_MESSAGE = '공급사 API URL의 호스트를 찾을 수 없습니다.';

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
      throw new DomainError('PROVIDER_HOST_UNRESOLVED');
    }
  }
  if (addresses.length === 0) throw new DomainError('PROVIDER_HOST_UNRESOLVED');
  if (!addresses.every(isPublicAddress)) throw new DomainError('PROVIDER_PRIVATE_ADDRESS');
}

/** An undici dispatcher refusing internal addresses at every connection (shared/public-address.ts). */
export function publicOnlyDispatcher(): Agent {
  return sharedPublicOnlyDispatcher(PRIVATE_ADDRESS_MESSAGE);
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
