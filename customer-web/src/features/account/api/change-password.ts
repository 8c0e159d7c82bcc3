import type { ChangePasswordInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /auth/change-password {currentPassword, newPassword}; 409 when the current password is wrong. */
export const changePassword = (input: ChangePasswordInput) => api.post('/auth/change-password', input);
