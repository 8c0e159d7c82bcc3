import type { FindByEmailInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /service/find-id {email} -> {userId}. */
export const findId = (input: FindByEmailInput) => api.post<{ userId: string }>('/service/find-id', input);
