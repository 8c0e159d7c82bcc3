// The delivery module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { Delivery } from './domain/delivery.entity.js';
import { NoticePreference } from './domain/notice-preference.entity.js';
import { WebhookEndpoint } from './domain/webhook-endpoint.entity.js';

export { Delivery, NoticePreference, WebhookEndpoint };
export const deliveryEntities = [Delivery, WebhookEndpoint, NoticePreference];
