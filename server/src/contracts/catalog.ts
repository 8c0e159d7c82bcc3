/**
 * The 15 platform ids the storefront has icons for (spec §2 "platform picker grid"). Platforms are rows the
 * operator manages; their id is one of these (another id still shows, with a generic icon).
 */
export const PLATFORM_IDS = [
  'instagram',
  'youtube',
  'facebook',
  'tiktok',
  'twitter',
  'threads',
  'telegram',
  'naver',
  'kakao',
  'twitch',
  'discord',
  'spotify',
  'soundcloud',
  'pinterest',
  'website',
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];
