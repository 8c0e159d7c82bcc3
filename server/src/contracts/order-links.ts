/**
 * Order links (docs/product.md §5's link guide): an http(s) URL, and where the service's platform is known, one of
 * that platform's hosts, so a customer learns at once that "hello" or a YouTube link on an Instagram
 * service will not be delivered. The storefront form and the server (storefront order, API v1, API v2)
 * run this same check and say the same Korean message. Plain TypeScript (no zod): the landing page uses it.
 */
export const LINK_MESSAGES = {
  invalid: '올바른 링크를 입력해 주세요.',
} as const;

/** `<name> 링크를 입력해 주세요.` for a link of another site on a platform's service. */
export const platformLinkMessage = (name: string): string => `${name} 링크를 입력해 주세요.`;

/** Each known platform's hosts (subdomains included: www., m., music. ...). Platforms not listed take any http(s) link. */
export const PLATFORM_LINK_HOSTS: Readonly<Record<string, { name: string; hosts: readonly string[] }>> = {
  instagram: { name: '인스타그램', hosts: ['instagram.com', 'instagr.am'] },
  youtube: { name: '유튜브', hosts: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'] },
  tiktok: { name: '틱톡', hosts: ['tiktok.com'] },
  facebook: { name: '페이스북', hosts: ['facebook.com', 'fb.com', 'fb.watch', 'fb.me'] },
  twitter: { name: '트위터(X)', hosts: ['twitter.com', 'x.com', 't.co'] },
  threads: { name: '스레드', hosts: ['threads.net', 'threads.com'] },
  telegram: { name: '텔레그램', hosts: ['t.me', 'telegram.me', 'telegram.dog', 'telegram.org'] },
  naver: { name: '네이버', hosts: ['naver.com', 'naver.me'] },
  kakao: { name: '카카오', hosts: ['kakao.com', 'kakao.co.kr'] },
  twitch: { name: '트위치', hosts: ['twitch.tv'] },
  spotify: { name: '스포티파이', hosts: ['spotify.com', 'spotify.link'] },
  soundcloud: { name: '사운드클라우드', hosts: ['soundcloud.com', 'snd.sc'] },
  discord: { name: '디스코드', hosts: ['discord.gg', 'discord.com', 'discordapp.com'] },
  linkedin: { name: '링크드인', hosts: ['linkedin.com', 'lnkd.in'] },
};

/** The link's URL when it is an http(s) address of a named host (no credentials, no spaces), else null. */
export function httpUrl(link: string): URL | null {
  const text = link.trim();
  if (text.length === 0 || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.replace(/\.$/, '');
  // A bare word ("http://hello") is no site a provider can deliver to.
  if (!host.includes('.') || host.startsWith('.') || host.includes('..')) return null;
  return url;
}

/** Whether `host` is `domain` or one of its subdomains. */
const onDomain = (host: string, domain: string): boolean => host === domain || host.endsWith(`.${domain}`);

/** The Korean refusal for a link on a service of `platform` (a platform id such as "instagram"), or null when it is fine. */
export function orderLinkProblem(link: string, platform?: string | null): string | null {
  const url = httpUrl(link);
  if (!url) return LINK_MESSAGES.invalid;
  return platformLinkProblem(url, platform);
}

/** Only the platform's hosts, for a link already known to be an http(s) URL (the schema's rule); null for anything else. */
export function platformLinkProblem(link: string | URL, platform?: string | null): string | null {
  const url = typeof link === 'string' ? httpUrl(link) : link;
  if (!url) return null;
  const known = platform ? PLATFORM_LINK_HOSTS[platform] : undefined;
  if (!known) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return known.hosts.some((domain) => onDomain(host, domain)) ? null : platformLinkMessage(known.name);
}

/**
 * The link itself when it is an http(s) URL, else null: both SPAs render anything else (`javascript:`,
 * `data:`, a bare username) as plain text, never as a link, whatever a stored row holds.
 */
export function webLink(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  try {
    const { protocol } = new URL(link.trim());
    return protocol === 'http:' || protocol === 'https:' ? link.trim() : null;
  } catch {
    return null;
  }
}
