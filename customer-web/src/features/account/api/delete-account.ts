import { api } from '../../../lib/api-client';

/** DELETE /auth/account. */
export const deleteAccount = () => api.delete('/auth/account');
