import { chargeDepositAmount, chargeFeeTypes, chargeSchema } from './charge.js';
import { changePasswordSchema, findByEmailSchema } from './account.js';
import { orderSchema } from './order.js';
import { registerSchema, sendPhoneCodeSchema, socialRegisterSchema } from './register.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? [] : result.error!.issues.map((i) => i.message));

describe('shared contracts as the server reads them', () => {
  const register = { id: 'newbie', password: 'pw', email: 'a@b.c', registerWhere: '검색', phoneNumber: '', sendCode: '', referral: '', emailCode: '' };

  it('register: codes are needed only when their verification is on, and are 5 characters', () => {
    expect(registerSchema({ emailVerify: false, phoneVerify: false }).safeParse(register).success).toBe(true);
    expect(messages(registerSchema({ emailVerify: true, phoneVerify: true }).safeParse({ ...register, emailCode: '1234', phoneNumber: '0101234567' }))).toEqual([
      '이메일 인증번호 5자리를 입력해주세요.',
      '휴대전화 번호가 올바르지 않습니다',
    ]);
    expect(registerSchema({ emailVerify: true, phoneVerify: true }).safeParse({ ...register, emailCode: '12345', phoneNumber: '01012345678', sendCode: '54321' }).success).toBe(true);
    expect(messages(registerSchema({ emailVerify: false, phoneVerify: false }).safeParse({ ...register, password: 'p w', registerWhere: '' }))).toEqual([
      '비밀번호에 띄어쓰기는 불가능합니다.',
      '가입경로를 선택해주세요',
    ]);
  });

  it('social register and the phone code request', () => {
    expect(messages(socialRegisterSchema({ phoneVerify: true }).safeParse({ registerWhere: '검색', phoneNumber: '01012345678', sendCode: '', accessToken: 't' }))).toEqual([
      '휴대전화 인증번호 5자리를 입력해주세요.',
    ]);
    expect(messages(sendPhoneCodeSchema.safeParse({ phoneNumber: '010-1234-567' }))).toEqual(['휴대전화 번호가 올바르지 않습니다']);
  });

  it('order: auto-order is runs > 1 and interval >= 60; service limits and balance when given', () => {
    const order = { serviceId: 3, link: ' https://x ', amount: 100 };
    expect(orderSchema().parse(order)).toEqual({ serviceId: 3, link: 'https://x', amount: 100, runs: 0, interval: 0 });
    expect(messages(orderSchema().safeParse({ ...order, runs: 1, interval: 59 }))).toEqual(['반복 횟수는 2 이상의 정수로 입력해 주세요.', '반복 간격은 60분 이상의 정수로 입력해 주세요.']);
    const service = { min: 10, max: 1000, point: 3 };
    expect(messages(orderSchema({ service, balance: 899 }).safeParse({ ...order, runs: 3, interval: 60 }))).toEqual(['포인트가 부족합니다.']);
    expect(orderSchema({ service, balance: 900 }).safeParse({ ...order, runs: 3, interval: 60 }).success).toBe(true);
    expect(messages(orderSchema({ service }).safeParse({ ...order, amount: 1001 }))).toEqual(['주문 수량이 최대수량보다 많습니다.']);
    expect(messages(orderSchema().safeParse({ serviceId: 0, link: '  ', amount: 10 }))).toEqual(['서비스를 선택해 주세요.', '링크를 입력해 주세요.']);
  });

  it('charge: name and amount required; the fee type decides the fee fields; a tax invoice adds 10 percent', () => {
    expect(messages(chargeSchema.safeParse({ name: ' ', point: 0 }))).toEqual(['이름을 입력해 주세요.', '충전금액을 설정해주세요']);
    expect(messages(chargeSchema.safeParse({ name: '홍길동', point: 10000, feeType: 'CASH', feeValue: { phone: '' } }))).toEqual(['현금영수증 발급 번호를 입력해 주세요.']);
    expect(messages(chargeSchema.safeParse({ name: '홍길동', point: 10000, feeType: 'FEE', feeValue: { company: '상호' } }))).toHaveLength(7);
    expect(chargeDepositAmount(50000, 'FEE')).toBe(55000);
    expect(chargeDepositAmount(12345, 'FEE')).toBe(13580);
    expect(chargeDepositAmount(50000, 'CASH')).toBe(50000);
    expect(chargeFeeTypes('ALL', true)).toEqual(['NONE', 'FEE', 'CASH']);
    expect(chargeFeeTypes('CASH_AND_FEE', true)).toEqual(['FEE', 'CASH']);
    expect(chargeFeeTypes('ALL', false)).toEqual(['NONE']);
  });

  it('account: password change and e-mail lookups', () => {
    expect(messages(changePasswordSchema.safeParse({ currentPassword: '', newPassword: '' }))).toEqual(['현재 비밀번호를 입력해주세요.', '새 비밀번호를 입력해주세요.']);
    expect(messages(findByEmailSchema.safeParse({ email: 'nobody' }))).toEqual(['이메일 형식을 맞춰주세요']);
  });
});
