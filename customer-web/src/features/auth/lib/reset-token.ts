/** docs/product.md §3: the reset token is a JWT whose payload has `exp` in seconds. */
export function isUsableResetToken(token: string | null, now = Date.now()): token is string {
  if (!token) return false;
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}
