export { FulfilmentModule } from './fulfilment.module.js';
export { FulfilmentFacade } from './application/fulfilment.facade.js';
export { OrderSender, UNCERTAIN_MARK, backoffMs, type DispatchStats, type ResendResult } from './application/order-sender.js';
export { OrderSync, SYNC_SPACING_MS, type SyncStats } from './application/order-sync.js';
export { Provider, type ProviderView } from './domain/provider.entity.js';
export { SimulatedProviderOrder } from './domain/simulated-order.entity.js';
export { SIMULATED_MAX_DURATION_MS } from './domain/simulation.js';
export { ProviderBalanceAlertJob } from './jobs/provider-balance-alert.job.js';
