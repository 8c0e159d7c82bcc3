import type { RegisterInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /auth/register {id, password, email, registerWhere, phoneNumber, sendCode, referral, emailCode}. */
export const register = (input: RegisterInput) => api.post('/auth/register', input);
