import type { FindAccountInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /service/find-password {email}: mails a reset link. */
export const findPassword = (input: FindAccountInput) => api.post('/service/find-password', input);
