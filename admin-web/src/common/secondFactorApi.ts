import type {
  SecondFactorChallenge,
  SecondFactorConfirmed,
  SecondFactorEnrolment,
  SecondFactorStatus,
} from '../../../server/src/contracts/second-factor.js';
import { getToken, refreshToken } from '../authProvider';

export type { SecondFactorChallenge, SecondFactorConfirmed, SecondFactorEnrolment, SecondFactorStatus };

export interface TokenAnswer {
  accessToken: string;
  refreshToken: string;
}

/** A POST/GET (or the given method) under /api/admin/auth answering JSON, or throwing its Korean message. */
export async function authCall<T>(
  path: string,
  body?: object,
  method: 'GET' | 'POST' | 'DELETE' = body ? 'POST' : 'GET',
  retried = false,
): Promise<T> {
  const token = getToken();
  const response = await fetch(`/api/admin/auth/${path}`, {
    method,
    // No JSON type without a body (a bodiless DELETE would be refused as an empty JSON body).
    headers: {
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status === 401 && token && !retried && !path.startsWith('login') && (await refreshToken()))
    return authCall(path, body, method, true);
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string | string[] };
  if (!response.ok) {
    const message = Array.isArray(answer.message) ? answer.message[0] : answer.message;
    throw new Error(message ?? '요청을 처리하지 못했습니다.');
  }
  return answer;
}
