import type { SendEmailInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /auth/send-email {email}. */
export const sendEmailCode = (input: SendEmailInput) => api.post('/auth/send-email', input);
