// The fulfilment module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { OrderDispatch } from './domain/order-dispatch.entity.js';
import { Provider } from './domain/provider.entity.js';
import { SimulatedProviderOrder } from './domain/simulated-order.entity.js';
import { PriceChange } from './domain/price-change.entity.js';

export { OrderDispatch, Provider, SimulatedProviderOrder, PriceChange };
export const fulfilmentEntities = [Provider, OrderDispatch, SimulatedProviderOrder, PriceChange];
