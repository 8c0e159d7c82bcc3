import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { orderFormSchema, type OrderableService, type OrderContext, type OrderRequest } from '../../../lib/contracts';
import type { OrderFormValues } from './order-form-state';

/** The order form's resolver: the shared schema for the chosen service, with the balance and toggle of the moment. */
export const orderResolver = (service: OrderableService | undefined, context: OrderContext) =>
  zodResolver(orderFormSchema(service, context)) as unknown as Resolver<OrderFormValues, unknown, OrderRequest>;
