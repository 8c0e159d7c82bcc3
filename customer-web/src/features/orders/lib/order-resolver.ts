import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { orderSchema, type OrderContext, type OrderInput } from '../../../lib/contracts';
import type { OrderFormValues } from './order-form-state';

/** The order form's resolver: the shared schema with the service, balance and toggle of the moment. */
export const orderResolver = (context: OrderContext) => zodResolver(orderSchema(context)) as unknown as Resolver<OrderFormValues, unknown, OrderInput>;
