import type { SessionRow } from '../../../lib/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { accountKeys } from './keys';

/**
 * A session as GET /auth/sessions answers it: `device` is a summary ("Chrome · Windows") and `userAgent` the raw
 * string (older servers sent the raw string as `device` and no `userAgent`).
 */
export type DeviceSession = SessionRow & { userAgent?: string | null };

/** GET /auth/sessions: the member's open sessions, the current one marked. */
export const listSessions = () => api.get<DeviceSession[]>('/auth/sessions');
export const sessionsQueryOptions = queryOptions({ queryKey: accountKeys.sessions, queryFn: listSessions });
export const useSessions = () => useQuery({ ...sessionsQueryOptions, enabled: useSession() === 'authorization' });
export const refreshSessions = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions });

/** DELETE /auth/sessions/:id: ends one of the member's sessions. */
export const endSession = (id: number) => api.delete(`/auth/sessions/${id}`);

/** POST /auth/logout-all: ends every session, this one too. */
export const logOutEverywhere = () => api.post('/auth/logout-all');
