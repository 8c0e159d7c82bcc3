import type { UploadPurpose } from '../../../contracts/content.js';

/**
 * The largest size an upload is kept at, by where it is shown: twice the CSS box it fills (sharp on
 * 2x screens; a 1.75x phone showing the popup 300px wide needs 525px), never enlarged.
 */
export const IMAGE_BOXES: Record<UploadPurpose, { width: number; height: number }> = {
  // docs/product.md §2: the popup is 440px wide (300px at 880px or less), at most 600px high.
  popup: { width: 880, height: 1200 },
  // The link guide fills the page's content column on desktop, the phone's width on mobile.
  'guide-desktop': { width: 1600, height: 4000 },
  'guide-mobile': { width: 1080, height: 6000 },
  other: { width: 1920, height: 4000 },
  // A member's screenshot on a 1:1 문의: readable when opened full size.
  ticket: { width: 1600, height: 4000 },
};

/** WebP at this quality keeps text in notices crisp at a fraction of a PNG's bytes. */
export const WEBP_QUALITY = 82;
