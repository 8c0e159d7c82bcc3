import type { SendPhoneInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /auth/send-phone-number {phoneNumber}. */
export const sendPhoneCode = (input: SendPhoneInput) => api.post('/auth/send-phone-number', input);
