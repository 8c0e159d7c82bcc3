import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CategoryView } from '../../../lib/contracts';
import { orderKeys } from './keys';

/** GET /service/categorys (spelled so): {id, text, platform} where platform is a platform id. */
export type Category = CategoryView;

export const categoriesQueryOptions = queryOptions({
  queryKey: orderKeys.categories,
  queryFn: () => api.get<Category[]>('/service/categorys'),
});
export const useCategories = () => useQuery(categoriesQueryOptions);
