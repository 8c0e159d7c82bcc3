export { FulfilmentModule } from './fulfilment.module.js';
export { FulfilmentFacade } from './application/fulfilment.facade.js';
export { OrderSender, UNCERTAIN_MARK, type DispatchStats, type ResendResult } from './application/order-sender.js';
export { OrderSync, SYNC_SPACING_MS, type SyncStats } from './application/order-sync.js';
export type { Provider, ProviderView } from './domain/provider.entity.js';
export type { OrderDispatch } from './domain/order-dispatch.entity.js';
export type { SimulatedProviderOrder } from './domain/simulated-order.entity.js';
export {
  SIMULATED_MAX_DURATION_MS,
  SIMULATED_POST_EVERY_MS,
  SIMULATED_SERVICES,
  assignSimulatedServices,
  type ServiceToSimulate,
} from './domain/simulation.js';
export { RefillSync, type RefillSyncStats } from './application/refill-sync.js';
export { CancelForwarder, type CancelForwardStats } from './application/cancel-forwarder.js';
export { ProviderBalanceAlertJob } from './jobs/provider-balance-alert.job.js';
export { SubscriptionSync, type SubscriptionSyncStats } from './application/subscription-sync.js';
export { PriceSync, PRICE_SYNC_EVERY_MS, type PriceSyncResult } from './application/price-sync.js';
export { ProviderScores } from './application/provider-scores.js';
