import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { MemberLevelView } from './contracts';
import { queryClient } from './query-client';
import { session, useSession } from './session';
import { storage } from './storage';
import { sharedKeys } from './query-keys';

/** GET /auth/profile (docs/product.md §3 Profile). */
export interface Profile {
  id: string;
  point: number;
  apiKey: string | null;
  referralCode?: string | null;
  /** 회원 등급 (absent on the guest placeholder). */
  level?: MemberLevelView;
}

export const GUEST_LABEL = '둘러보기 모드';
/** docs/product.md §3: the guest placeholder, made locally with no call. */
export const GUEST_PROFILE: Profile = { id: GUEST_LABEL, point: 0, apiKey: null, referralCode: null };

export const profileQueryOptions = queryOptions({
  queryKey: sharedKeys.profile,
  queryFn: () => api.get<Profile>('/auth/profile'),
});

/** The current user: the profile when logged in, the placeholder for guests, nothing otherwise. */
export function useProfile(): Profile | undefined {
  const state = useSession();
  const { data } = useQuery({ ...profileQueryOptions, enabled: state === 'authorization' });
  if (state === 'guest') return GUEST_PROFILE;
  return state === 'authorization' ? data : undefined;
}

/** docs/product.md §4: the current-user query runs once at start; success is authorization, failure unAuthorization. */
export async function startSession(): Promise<void> {
  if (!storage.getJwt()) return session.set('unAuthorization');
  try {
    await queryClient.fetchQuery(profileQueryOptions);
    session.set('authorization');
  } catch {
    storage.clearJwt();
    session.set('unAuthorization');
  }
}

/** After a login call: keep the token (as `jwt`) and the session's refresh token, and load the profile. */
export async function logIn(accessToken: string, refreshToken?: string): Promise<void> {
  storage.setJwt(accessToken);
  storage.setRefreshToken(refreshToken);
  queryClient.removeQueries({ queryKey: profileQueryOptions.queryKey });
  await startSession();
}

/** /logout: ends the session on the server (best effort) and clears the stored tokens. */
export function logOut(): void {
  if (storage.getJwt()) void api.post('/auth/logout').catch(() => undefined);
  storage.clearJwt();
  queryClient.clear();
  session.set('unAuthorization');
}

/** 둘러보기: browse-only mode. */
export const browseAsGuest = () => session.set('guest');

/** 로그인/회원가입 from guest mode: clear cached data and become unauthorized first. */
export function leaveGuestMode(): void {
  queryClient.clear();
  session.set('unAuthorization');
}

/** After deleting the account: cache cleared, guest state (docs/product.md §8). */
export function becomeGuest(): void {
  storage.clearJwt();
  queryClient.clear();
  session.set('guest');
}

export const refreshProfile = () => queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey });
