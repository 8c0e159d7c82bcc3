import { IllegalTransitionError } from '../../../shared/index.js';
import { Member, MemberStatus } from './member.entity.js';

const member = () =>
  new Member({
    loginId: 'kim',
    passwordHash: 'h',
    email: 'k@example.com',
    phone: '01012345678',
    registerWhere: null,
    now: new Date(0),
  });

describe('Member', () => {
  it('moves ACTIVE → SUSPENDED → ACTIVE and refuses repeats', () => {
    const m = member();
    m.suspend();
    expect(m.status).toBe(MemberStatus.SUSPENDED);
    expect(m.canLogIn).toBe(false);
    expect(() => m.suspend()).toThrow(
      new IllegalTransitionError('이미 정지된 회원입니다.', { entity: 'Member', from: 'SUSPENDED', to: 'SUSPENDED' }),
    );
    m.reinstate();
    expect(m.canLogIn).toBe(true);
    expect(() => m.reinstate()).toThrow('이미 정상 상태인 회원입니다.');
  });

  it('withdraws for good, releasing the id, contacts and credentials', () => {
    const m = member();
    m.setApiKey('hash', 'cipher');
    m.issueReferralCode('ABCD1234');
    m.withdraw(new Date(5));
    expect(m).toMatchObject({
      status: MemberStatus.DELETED,
      loginId: null,
      email: null,
      phone: null,
      passwordHash: null,
      apiKeyHash: null,
      referralCode: null,
    });
    expect(m.deletedAt).toEqual(new Date(5));
    expect(() => m.reinstate()).toThrow(IllegalTransitionError);
    expect(() => m.withdraw(new Date(6))).toThrow('이미 탈퇴한 회원입니다.');
    expect(m.acceptsSession(m.sessionVersion)).toBe(false);
  });

  it('refuses sessions opened before a password change or a suspension', () => {
    const m = member();
    expect(m.acceptsSession(0)).toBe(true);
    expect(m.acceptsSession(undefined)).toBe(false);
    m.setPassword('h2');
    expect(m.acceptsSession(0)).toBe(false);
    expect(m.acceptsSession(1)).toBe(true);
    m.suspend();
    m.reinstate();
    expect(m.acceptsSession(1)).toBe(false);
    expect(m.acceptsSession(2)).toBe(true);
  });

  it('issues a referral code only once', () => {
    const m = member();
    m.issueReferralCode('A');
    expect(() => m.issueReferralCode('B')).toThrow('이미 추천인 코드가 있습니다.');
    expect(m.referralCode).toBe('A');
  });
});
