import type { SendPhoneCodeInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /auth/send-phone-number {phoneNumber}. */
export const sendPhoneCode = (input: SendPhoneCodeInput) => api.post('/auth/send-phone-number', input);
