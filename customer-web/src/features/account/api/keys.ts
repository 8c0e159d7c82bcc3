import { resourceKey } from '../../../lib/query-keys';

/** The account page's query keys (lib/query-keys.ts: the resource path first). */
export const accountKeys = {
  webhook: resourceKey('/auth/webhook'),
  webhookDeliveries: resourceKey('/auth/webhook/deliveries'),
  /** The member's channel per notice (an object; the order page's notice list is another resource). */
  noticePrefs: resourceKey('/auth/notices'),
  referralSummary: resourceKey('/service/referral'),
  secondFactor: resourceKey('/auth/totp'),
  sessions: resourceKey('/auth/sessions'),
};
