import { MikroORM } from '@mikro-orm/postgresql';
import type { TestApp } from '../../support/test-app.js';
import type { TestMember } from '../../support/members.js';
import { SettingsService } from '../../../server/src/modules/settings/index.js';
import { Clock } from '../../../server/src/shared/index.js';

export const BANK = {
  BANKING_NAME: '국민은행',
  BANKING_ACCOUNT_NUMBER: '123456-01-234567',
  BANKING_DISPLAY_TEXT: '예금주: 주식회사 팔로우랩',
  BANKING_BANKING_CODE: '004',
};

export const TAX_INVOICE = {
  company: '주식회사 테스트',
  businessNumber: '123-45-67890',
  leader: '김대표',
  phone: '02-1234-5678',
  jobType: '서비스업',
  jobType2: '광고대행',
  address: '서울특별시 강남구 테헤란로 1',
  email: 'tax@example.com',
};

export const HOUR = 60 * 60 * 1000;

/** The shop's account, the payment type and the 부가세 switch on, as an operator would set them. */
export async function configureBilling(t: TestApp, paymentType = 'ALL'): Promise<void> {
  await t.app.get(SettingsService).setMany({ ...BANK, ENABLE_PAYMENT_TYPE: paymentType, ENABLE_PAYMENT_FEE: true });
}

export const bearer = (token: string) => `Bearer ${token}`;

export function requestCharge(t: TestApp, member: TestMember, body: Record<string, unknown>) {
  return t.http.post('/api/service/point').set('Authorization', bearer(member.token)).send(body);
}

/** A charge the member asked for, answered 201; returns the deposit-instruction answer. */
export async function openCharge(t: TestApp, member: TestMember, point = 10_000, name = member.loginId.slice(0, 20)) {
  const res = await requestCharge(t, member, { name, point, feeType: 'NONE' }).expect(201);
  return res.body as { chargeId: number; depositAmount: number; point: number; name: string; deadline: string };
}

export const clock = (t: TestApp) => t.app.get(Clock);
export const em = (t: TestApp) => t.app.get(MikroORM).em.fork();

/** Audit rows written for one record of a resource, oldest first. */
export async function auditOf(t: TestApp, resource: string, resourceId: number | string) {
  const res = await t.http
    .get('/api/admin/audit-logs')
    .query({
      filter: JSON.stringify({ resource, resourceId: String(resourceId) }),
      sort: JSON.stringify(['id', 'ASC']),
    })
    .set('Authorization', bearer(await t.operatorToken()))
    .expect(200);
  return res.body as {
    action: string;
    operatorLoginId: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }[];
}
