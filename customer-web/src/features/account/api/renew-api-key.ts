import { api } from '../../../lib/api-client';
import { refreshProfile } from '../../../lib/auth';

/** POST /auth/api-key -> {apiKey}; the profile is then refetched. */
export async function renewApiKey(): Promise<{ apiKey: string }> {
  const result = await api.post<{ apiKey: string }>('/auth/api-key');
  await refreshProfile();
  return result;
}
