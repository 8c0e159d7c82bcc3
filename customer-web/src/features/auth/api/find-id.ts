import type { FindAccountInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /service/find-id {email} -> {userId}. */
export const findId = (input: FindAccountInput) => api.post<{ userId: string }>('/service/find-id', input);
