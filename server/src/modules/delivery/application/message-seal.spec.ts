import type { AppConfig } from '../../../config/index.js';
import { MessageSeal, SECRET_MASK } from './message-seal.js';

const configWith = (jwtSecret: string) => ({ jwtSecret }) as unknown as AppConfig;

describe('sealed messages', () => {
  const seal = new MessageSeal(configWith('a-jwt-secret-of-at-least-32-characters!'));

  it('keeps the text masked and the secret sealed; the sender opens the real text', () => {
    const payload = seal.payloadOf('인증코드는 12345 입니다.', ['12345']);
    expect(payload.text).toBe(`인증코드는 ${SECRET_MASK} 입니다.`);
    expect(payload.sealed).toBeDefined();
    expect(JSON.stringify(payload)).not.toContain('12345');
    expect(seal.textOf(payload)).toBe('인증코드는 12345 입니다.');
  });

  it('seals nothing when there is nothing to hide', () => {
    expect(seal.payloadOf('로그인 시도가 많습니다', [])).toEqual({ text: '로그인 시도가 많습니다' });
    expect(seal.textOf({ text: '로그인 시도가 많습니다' })).toBe('로그인 시도가 많습니다');
  });

  it('refuses a tampered text, and one sealed under another secret', () => {
    const { text, sealed } = seal.payloadOf('코드 12345', ['12345']);
    const parts = sealed!.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(seal.textOf({ text, sealed: parts.join('.') })).toBeNull();
    const other = new MessageSeal(configWith('another-jwt-secret-of-32-characters-or-more'));
    expect(other.textOf({ text, sealed })).toBeNull();
  });
});
