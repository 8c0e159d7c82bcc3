import {
  siDiscord,
  siFacebook,
  siInstagram,
  siKakaotalk,
  siNaver,
  siSoundcloud,
  siSpotify,
  siTelegram,
  siThreads,
  siTiktok,
  siTwitch,
  siX,
  siYoutube,
} from 'simple-icons';
import type { PlatformId } from '../../../lib/contracts';

/** A globe for websites and for any platform id without a brand mark. */
export const GENERIC_ICON = {
  hex: '64748B',
  path: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8Zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z',
};

/** simple-icons no longer carries LinkedIn's mark: a plain "in" glyph in its colour. */
const LINKEDIN_ICON = {
  hex: '0A66C2',
  path: 'M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45Z',
};

export const PLATFORM_ICONS: Record<PlatformId, { hex: string; path: string }> = {
  instagram: siInstagram,
  youtube: siYoutube,
  facebook: siFacebook,
  tiktok: siTiktok,
  twitter: siX,
  threads: siThreads,
  telegram: siTelegram,
  naver: siNaver,
  kakao: siKakaotalk,
  twitch: siTwitch,
  discord: siDiscord,
  spotify: siSpotify,
  soundcloud: siSoundcloud,
  linkedin: LINKEDIN_ICON,
  website: GENERIC_ICON,
};

export const platformIcon = (id: string) => PLATFORM_ICONS[id.toLowerCase() as PlatformId] ?? GENERIC_ICON;
