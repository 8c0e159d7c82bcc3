// The fulfilment module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { Provider } from './domain/provider.entity.js';
import { SimulatedProviderOrder } from './domain/simulated-order.entity.js';

export { Provider, SimulatedProviderOrder };
export const fulfilmentEntities = [Provider, SimulatedProviderOrder];
