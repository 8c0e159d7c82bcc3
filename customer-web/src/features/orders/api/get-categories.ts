import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /service/categorys (spelled so): {id, text, platform} where platform is a platform id. */
export interface Category {
  id: number;
  text: string;
  platform: string;
}

export const categoriesQueryOptions = queryOptions({ queryKey: ['categories'], queryFn: () => api.get<Category[]>('/service/categorys') });
export const useCategories = () => useQuery(categoriesQueryOptions);
