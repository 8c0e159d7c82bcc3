import type { FindByEmailInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /service/find-password {email}: mails a reset link. */
export const findPassword = (input: FindByEmailInput) => api.post('/service/find-password', input);
