import {
  allowedFeeTypes,
  CHARGE_MESSAGES,
  chargeAmounts,
  chargeRequestSchema,
  depositAmountFor,
  paymentFeeEnabled,
} from './charge.js';

const taxInvoice = {
  company: '주식회사 테스트',
  businessNumber: '123-45-67890',
  leader: '김대표',
  phone: '02-1234-5678',
  jobType: '서비스업',
  jobType2: '광고대행',
  address: '서울특별시 강남구 테헤란로 1',
  email: 'tax@example.com',
};
const firstMessage = (body: unknown) => {
  const result = chargeRequestSchema.safeParse(body);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('charge request contract', () => {
  it('requires a depositor name (이름을 입력해 주세요.)', () => {
    expect(firstMessage({ point: 10000 })).toBe('이름을 입력해 주세요.');
    expect(firstMessage({ name: '   ', point: 10000 })).toBe('이름을 입력해 주세요.');
  });

  it('requires a positive whole amount (충전금액을 설정해주세요)', () => {
    for (const point of [undefined, 0, -1000, 1000.5, '10000', null, Number.NaN]) {
      expect(firstMessage({ name: '홍길동', point })).toBe('충전금액을 설정해주세요');
    }
    expect(firstMessage({ name: '홍길동', point: 100_000_001 })).toBe(CHARGE_MESSAGES.pointTooLarge);
  });

  it('reads a missing or empty fee type as NONE and drops feeValue', () => {
    expect(chargeRequestSchema.parse({ name: ' 홍길동 ', point: 5000, feeValue: { phone: 'x' } })).toEqual({
      name: '홍길동',
      point: 5000,
      feeType: 'NONE',
      feeValue: null,
    });
    expect(chargeRequestSchema.parse({ name: '홍길동', point: 5000, feeType: '' }).feeType).toBe('NONE');
    expect(firstMessage({ name: '홍길동', point: 5000, feeType: 'CARD' })).toBe(CHARGE_MESSAGES.feeTypeInvalid);
  });

  it('needs every tax-invoice field for FEE, and normalises numbers', () => {
    expect(
      chargeRequestSchema.parse({ name: '홍길동', point: 10000, feeType: 'FEE', feeValue: taxInvoice }).feeValue,
    ).toEqual({
      ...taxInvoice,
      businessNumber: '1234567890',
      phone: '0212345678',
    });
    const cases: [string, unknown, string][] = [
      ['company', '', CHARGE_MESSAGES.companyRequired],
      ['businessNumber', '123-45-678', CHARGE_MESSAGES.businessNumberInvalid],
      ['leader', undefined, CHARGE_MESSAGES.leaderRequired],
      ['phone', '12', CHARGE_MESSAGES.contactPhoneInvalid],
      ['jobType', ' ', CHARGE_MESSAGES.jobTypeRequired],
      ['jobType2', '', CHARGE_MESSAGES.jobType2Required],
      ['address', '', CHARGE_MESSAGES.addressRequired],
      ['email', 'tax.example.com', CHARGE_MESSAGES.emailInvalid],
    ];
    for (const [field, value, message] of cases) {
      expect(
        firstMessage({ name: '홍길동', point: 10000, feeType: 'FEE', feeValue: { ...taxInvoice, [field]: value } }),
      ).toBe(message);
    }
    expect(firstMessage({ name: '홍길동', point: 10000, feeType: 'FEE' })).toBe(CHARGE_MESSAGES.companyRequired);
  });

  it('needs an 11-digit mobile number for CASH and keeps only it', () => {
    expect(
      chargeRequestSchema.parse({
        name: '홍길동',
        point: 10000,
        feeType: 'CASH',
        feeValue: { ...taxInvoice, phone: '010-1234-5678' },
      }).feeValue,
    ).toEqual({ phone: '01012345678' });
    expect(firstMessage({ name: '홍길동', point: 10000, feeType: 'CASH', feeValue: { phone: '010-123-456' } })).toBe(
      '휴대전화 번호가 올바르지 않습니다',
    );
    expect(firstMessage({ name: '홍길동', point: 10000, feeType: 'CASH' })).toBe('휴대전화 번호가 올바르지 않습니다');
  });

  it('maps every ENABLE_PAYMENT_TYPE to its fee-type choices', () => {
    expect(allowedFeeTypes('ALL')).toEqual(['NONE', 'FEE', 'CASH']);
    expect(allowedFeeTypes('CASH_AND_FEE')).toEqual(['FEE', 'CASH']);
    expect(allowedFeeTypes('FEE')).toEqual(['FEE']);
    expect(allowedFeeTypes('CASH')).toEqual(['CASH']);
    expect(allowedFeeTypes('NO_FEE')).toEqual(['NONE']);
  });

  it('computes the amount to deposit with integers only', () => {
    expect(depositAmountFor(10n, 'FEE', true)).toBe(11n);
    expect(depositAmountFor(9n, 'FEE', true)).toBe(9n);
    expect(depositAmountFor(9n, 'CASH', true)).toBe(9n);
    expect(depositAmountFor(12_345n, 'FEE', true)).toBe(13_579n);
  });

  it('adds the 10 % 부가세 only for a tax invoice with ENABLE_PAYMENT_FEE on', () => {
    expect(chargeAmounts(50_000n, 'FEE', true)).toEqual({ point: 50_000n, fee: 5_000n, total: 55_000n });
    expect(chargeAmounts(50_000n, 'FEE', false)).toEqual({ point: 50_000n, fee: 0n, total: 50_000n });
    expect(chargeAmounts(50_000n, 'CASH', true)).toEqual({ point: 50_000n, fee: 0n, total: 50_000n });
    expect(chargeAmounts(50_000n, 'NONE', true)).toEqual({ point: 50_000n, fee: 0n, total: 50_000n });
    expect(chargeAmounts(0n, 'FEE', true)).toEqual({ point: 0n, fee: 0n, total: 0n });
  });

  it('reads the switch as the settings answer it', () => {
    expect(paymentFeeEnabled(true)).toBe(true);
    expect(paymentFeeEnabled('true')).toBe(true);
    expect(paymentFeeEnabled(false)).toBe(false);
    expect(paymentFeeEnabled('')).toBe(false);
    expect(paymentFeeEnabled(undefined)).toBe(false);
  });
});
