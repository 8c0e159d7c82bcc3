import type { SendEmailCodeInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /auth/send-email {email}. */
export const sendEmailCode = (input: SendEmailCodeInput) => api.post('/auth/send-email', input);
