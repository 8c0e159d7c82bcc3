import { seedDemoContent } from '../../../server/src/database/demo/index.js';
import { IdentityFacade } from '../../../server/src/modules/identity/index.js';
import { LedgerKind, WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { IDENTITY_MESSAGES as M } from '../../../server/src/contracts/index.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { clientIp, createMember, type TestMember } from '../../support/members.js';
import { identityTables, setSettings, sql } from '../../support/identity.js';

describe('account', () => {
  let t: TestApp;
  const as = (m: TestMember | string) => `Bearer ${typeof m === 'string' ? m : m.token}`;
  const login = (id: string, password: string) =>
    t.http.post('/api/auth/login').set('X-Forwarded-For', clientIp()).send({ id, password });
  const profile = (m: TestMember | string) => t.http.get('/api/auth/profile').set('Authorization', as(m));

  beforeAll(async () => {
    t = await startTestApp();
    await seedDemoContent(t.app);
  });
  afterAll(() => t.close());

  describe('change password', () => {
    it('changes it when the current one is right, and ends the other sessions', async () => {
      const m = await createMember(t);
      const res = await t.http
        .post('/api/auth/change-password')
        .set('Authorization', as(m))
        .send({ currentPassword: m.password, newPassword: 'brand-new-1' })
        .expect(200);
      expect(res.body).toEqual({ message: M.passwordChanged });
      await profile(m).expect(401);
      expect((await login(m.loginId, m.password)).status).toBe(404);
      const fresh = await login(m.loginId, 'brand-new-1').expect(200);
      await profile(fresh.body.accessToken).expect(200);
    });

    it('answers 409 when the current password is wrong and changes nothing', async () => {
      const m = await createMember(t);
      const res = await t.http
        .post('/api/auth/change-password')
        .set('Authorization', as(m))
        .send({ currentPassword: 'wrong', newPassword: 'brand-new-1' })
        .expect(409);
      expect(res.body).toEqual({ statusCode: 409, code: expect.any(String), message: '현재 비밀번호가 다릅니다.' });
      await profile(m).expect(200);
      await login(m.loginId, m.password).expect(200);
    });

    it.each([
      ['no current password', { newPassword: 'abc' }, M.currentPasswordRequired],
      ['an empty current password', { currentPassword: '', newPassword: 'abc' }, M.currentPasswordRequired],
      ['no new password', { currentPassword: 'password123' }, M.newPasswordRequired],
      ['a numeric new password', { currentPassword: 'password123', newPassword: 12345678 }, M.newPasswordRequired],
      ['a space in the new password', { currentPassword: 'password123', newPassword: 'a b c d' }, M.passwordNoSpace],
      ['a huge new password', { currentPassword: 'password123', newPassword: 'x'.repeat(10_000) }, M.passwordTooLong],
      [
        'a 7-character new password (the 8~20자 rule)',
        { currentPassword: 'password123', newPassword: 'abc1234' },
        '비밀번호는 8~20자로 입력해 주세요.',
      ],
    ])('answers 400 for %s and keeps the old password', async (_, body, message) => {
      const m = await createMember(t);
      expect(
        (await t.http.post('/api/auth/change-password').set('Authorization', as(m)).send(body).expect(400)).body,
      ).toEqual({ statusCode: 400, code: expect.any(String), message });
      await profile(m).expect(200);
    });

    it('needs a logged-in member', async () => {
      await t.http.post('/api/auth/change-password').send({ currentPassword: 'a', newPassword: 'b' }).expect(401);
    });
  });

  describe('API key', () => {
    it("issues a 160-bit key shown only in its owner's profile, stored as a SHA-256 hash and a sealed copy", async () => {
      const m = await createMember(t);
      expect((await profile(m).expect(200)).body.apiKey).toBeNull();
      const res = await t.http.post('/api/auth/api-key').set('Authorization', as(m)).expect(200);
      const key: string = res.body.apiKey;
      expect(key).toMatch(/^[0-9a-f]{40}$/);
      expect((await profile(m).expect(200)).body.apiKey).toBe(key);
      const [row] = await sql<{ api_key_hash: string; api_key_cipher: string }>(
        t,
        'select api_key_hash, api_key_cipher from member where id = ?',
        [m.id],
      );
      const { createHash } = await import('node:crypto');
      expect(row!.api_key_hash).toBe(createHash('sha256').update(key).digest('hex'));
      expect(row!.api_key_cipher).not.toContain(key);
      expect(JSON.stringify(await sql(t, 'select * from member where id = ?', [m.id]))).not.toContain(key);
      const other = await createMember(t);
      expect((await profile(other).expect(200)).body.apiKey).toBeNull();
    });

    it('resolves a key to its member for the reseller API; a renewed key replaces the old one', async () => {
      const facade = t.app.get(IdentityFacade);
      const m = await createMember(t);
      const first = (await t.http.post('/api/auth/api-key').set('Authorization', as(m)).expect(200)).body
        .apiKey as string;
      expect(await facade.memberIdForApiKey(first)).toBe(m.id);
      const second = (await t.http.post('/api/auth/api-key').set('Authorization', as(m)).expect(200)).body
        .apiKey as string;
      expect(second).not.toBe(first);
      expect(await facade.memberIdForApiKey(first)).toBeNull();
      expect(await facade.memberIdForApiKey(second)).toBe(m.id);
      for (const bad of ['', 'x', second.toUpperCase(), `${second} `, 'a'.repeat(5000)])
        expect(await facade.memberIdForApiKey(bad)).toBeNull();
    });

    it('keeps keys unique across members', async () => {
      const members = await Promise.all(Array.from({ length: 5 }, () => createMember(t)));
      const keys = await Promise.all(
        members.map(
          async (m) =>
            (await t.http.post('/api/auth/api-key').set('Authorization', as(m)).expect(200)).body.apiKey as string,
        ),
      );
      expect(new Set(keys).size).toBe(5);
      const [row] = await sql<{ n: string }>(
        t,
        'select count(distinct api_key_hash) as n from member where id in (?)',
        [members.map((m) => m.id)],
      );
      expect(Number(row!.n)).toBe(5);
      await expect(
        sql(t, 'update member set api_key_hash = ? where id = ?', [`${'0'.repeat(63)}1`, members[0]!.id]).then(() =>
          sql(t, 'update member set api_key_hash = ? where id = ?', [`${'0'.repeat(63)}1`, members[1]!.id]),
        ),
      ).rejects.toThrow(/unique/i);
    });

    it('stops resolving the key of a suspended member', async () => {
      const m = await createMember(t);
      const key = (await t.http.post('/api/auth/api-key').set('Authorization', as(m)).expect(200)).body
        .apiKey as string;
      await t.http
        .post(`/api/admin/members/${m.id}/suspend`)
        .set('Authorization', `Bearer ${await t.operatorToken()}`)
        .expect(200);
      expect(await t.app.get(IdentityFacade).memberIdForApiKey(key)).toBeNull();
    });
  });

  describe('referral code', () => {
    afterEach(() => setSettings(t, { ENABLE_REFERRAL: false }));

    it('is issued once while ENABLE_REFERRAL is on', async () => {
      const m = await createMember(t);
      const off = await t.http.post('/api/auth/referral-code').set('Authorization', as(m)).expect(403);
      expect(off.body.message).toBe(M.referralDisabled);
      await setSettings(t, { ENABLE_REFERRAL: true });
      const res = await t.http.post('/api/auth/referral-code').set('Authorization', as(m)).expect(200);
      expect(res.body.referralCode).toMatch(/^[A-Z2-9]{8}$/);
      expect((await profile(m).expect(200)).body.referralCode).toBe(res.body.referralCode);
      const again = await t.http.post('/api/auth/referral-code').set('Authorization', as(m)).expect(409);
      expect(again.body.message).toBe(M.referralExists);
      expect((await profile(m).expect(200)).body.referralCode).toBe(res.body.referralCode);
    });
  });

  describe('account deletion', () => {
    it('releases the id and contacts, keeps the money records, and lets the id sign up again', async () => {
      const m = await createMember(t);
      const wallet = t.app.get(WalletFacade);
      await t.app
        .get(MikroORM)
        .em.fork()
        .transactional((em) =>
          wallet.credit(em, {
            memberId: m.id,
            amount: 5_000n,
            kind: LedgerKind.CHARGE,
            reference: { type: 'charge', id: `w${m.id}` },
          }),
        );
      await t.http.post('/api/auth/api-key').set('Authorization', as(m)).expect(200);
      const res = await t.http.delete('/api/auth/account').set('Authorization', as(m)).expect(200);
      expect(res.body).toEqual({ message: M.withdrawn });
      await profile(m).expect(401);
      await login(m.loginId, m.password).expect(404);
      await t.http.delete('/api/auth/account').set('Authorization', as(m)).expect(401);

      const [row] = await sql<Record<string, unknown>>(
        t,
        'select login_id, email, phone, password_hash, api_key_hash, status, deleted_at from member where id = ?',
        [m.id],
      );
      expect(row).toMatchObject({
        login_id: null,
        email: null,
        phone: null,
        password_hash: null,
        api_key_hash: null,
        status: 'DELETED',
      });
      expect(row!.deleted_at).not.toBeNull();
      expect(
        (
          await sql<{ kind: string }>(t, 'select kind from point_ledger_entry where member_id = ? order by id', [m.id])
        ).map((r) => r.kind),
      ).toEqual(['CHARGE', 'FORFEIT']);
      expect(await wallet.invariantViolations()).toEqual([]);

      const before = await identityTables(t);
      await t.http
        .post('/api/auth/register')
        .set('X-Forwarded-For', clientIp())
        .send({
          id: m.loginId,
          password: 'again-123',
          email: `${m.loginId}@example.com`,
          registerWhere: '기타',
          agreeTerms: true,
          agreePrivacy: true,
        })
        .expect(201);
      expect((await identityTables(t)).member).toBe(before.member + 1);
      const back = await login(m.loginId, 'again-123').expect(200);
      expect((await profile(back.body.accessToken).expect(200)).body).toMatchObject({
        id: m.loginId,
        point: 0,
        apiKey: null,
      });
    });
  });
});
