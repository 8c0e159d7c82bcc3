import type { ResetPasswordInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /service/reset-password {token, password}; the answer is not read. */
export const resetPassword = (input: ResetPasswordInput) => api.post('/service/reset-password', input);
