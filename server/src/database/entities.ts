// The one list of entities MikroORM registers: each module's own list (its entities.ts).
// Only this file imports a module's entities file; modules export their entities as types alone.
import { alertsEntities } from '../modules/alerts/entities.js';
import { approvalsEntities } from '../modules/approvals/entities.js';
import { auditEntities } from '../modules/audit/entities.js';
import { deliveryEntities } from '../modules/delivery/entities.js';
import { billingEntities } from '../modules/billing/entities.js';
import { catalogEntities } from '../modules/catalog/entities.js';
import { contentEntities } from '../modules/content/entities.js';
import { fulfilmentEntities } from '../modules/fulfilment/entities.js';
import { identityEntities } from '../modules/identity/entities.js';
import { orderingEntities } from '../modules/ordering/entities.js';
import { pricingEntities } from '../modules/pricing/entities.js';
import { referralEntities } from '../modules/referral/entities.js';
import { rateLimitEntities } from '../modules/rate-limit/entities.js';
import { settingsEntities } from '../modules/settings/entities.js';
import { walletEntities } from '../modules/wallet/entities.js';
import { supportEntities } from '../modules/support/entities.js';
import { backupEntities } from '../ops/backup/entities.js';
import { receiptsEntities } from '../modules/receipts/entities.js';
import { chargeBonusEntities } from '../modules/charge-bonus/entities.js';
import { couponsEntities } from '../modules/coupons/entities.js';
import { favoritesEntities } from '../modules/favorites/entities.js';
import { registerEntities } from '../shared/index.js';

export const entities = [
  ...identityEntities,
  ...settingsEntities,
  ...walletEntities,
  ...auditEntities,
  ...catalogEntities,
  ...orderingEntities,
  ...billingEntities,
  ...contentEntities,
  ...fulfilmentEntities,
  ...referralEntities,
  ...rateLimitEntities,
  ...backupEntities,
  ...alertsEntities,
  ...approvalsEntities,
  ...pricingEntities,
  ...supportEntities,
  ...deliveryEntities,
  ...receiptsEntities,
  ...chargeBonusEntities,
  ...couponsEntities,
  ...favoritesEntities,
];

registerEntities(entities);
