export { FulfilmentModule } from './fulfilment.module.js';
export { FulfilmentFacade } from './application/fulfilment.facade.js';
export { Provider, type ProviderView } from './domain/provider.entity.js';
export { SimulatedProviderOrder } from './domain/simulated-order.entity.js';
