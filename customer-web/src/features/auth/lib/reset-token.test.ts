import { isUsableResetToken } from './reset-token';

const jwt = (payload: unknown) =>
  `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
const now = Date.UTC(2026, 0, 1);

describe('reset-password token rules', () => {
  it('accepts a decodable token whose exp (seconds) is in the future', () => {
    expect(isUsableResetToken(jwt({ sub: 1, exp: now / 1000 + 60 }), now)).toBe(true);
  });

  it('refuses a missing, undecodable or expired token', () => {
    expect(isUsableResetToken(null, now)).toBe(false);
    expect(isUsableResetToken('', now)).toBe(false);
    expect(isUsableResetToken('not-a-jwt', now)).toBe(false);
    expect(isUsableResetToken('a.%%%.c', now)).toBe(false);
    expect(isUsableResetToken(jwt({ sub: 1 }), now)).toBe(false);
    expect(isUsableResetToken(jwt({ exp: now / 1000 - 1 }), now)).toBe(false);
  });
});
