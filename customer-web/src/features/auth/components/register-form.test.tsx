import { act, fireEvent, screen } from '@testing-library/react';
import type { SignUpSwitches } from '../../../lib/contracts';
import { renderRoutes, stubFetch } from '../../../testing/render';
import { registerWhereQueryOptions } from '../api/get-register-where';
import { RegisterForm } from './register-form';

const where = [
  { id: 1, text: '검색' },
  { id: 2, text: '지인 추천' },
];

function setup(switches: SignUpSwitches) {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterForm switches={switches} referral /> },
      { path: '/login', element: <p>로그인 화면</p> },
    ],
    { path: '/register', seed: [[registerWhereQueryOptions.queryKey, where]] },
  );
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));
const fill = () => {
  type('아이디', 'newbie');
  type('비밀번호', 'pass1234');
  type('비밀번호 재입력', 'pass1234');
  type('이메일', 'newbie@example.com');
  type('가입경로', '지인 추천');
  fireEvent.click(screen.getByLabelText('[필수] 이용약관에 동의합니다'));
  fireEvent.click(screen.getByLabelText('[필수] 개인정보 수집·이용에 동의합니다'));
};

describe('the ordinary register form', () => {
  it('shows the spec messages for an empty form', async () => {
    setup({ emailVerify: false, phoneVerify: false });
    await click('회원가입');
    for (const message of [
      '아이디를 입력 해주세요.',
      '비밀번호를 입력 해주세요.',
      '이메일 형식을 맞춰주세요',
      '가입경로를 선택해주세요',
      '이용약관에 동의해 주세요.',
      '개인정보 수집·이용에 동의해 주세요.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('rejects spaces, a different re-entry and an e-mail without a dot', async () => {
    setup({ emailVerify: false, phoneVerify: false });
    fill();
    type('아이디', 'new bie');
    type('비밀번호 재입력', 'pass12345');
    type('이메일', 'newbie@example');
    await click('회원가입');
    expect(await screen.findByText('아이디에 띄어쓰기는 불가능합니다.')).toBeInTheDocument();
    expect(screen.getByText('비밀번호 재확인이 다릅니다')).toBeInTheDocument();
    expect(screen.getByText('이메일 형식을 맞춰주세요')).toBeInTheDocument();
  });

  it("with verification on, asks for codes that were sent first, in the server's words", async () => {
    setup({ emailVerify: true, phoneVerify: true });
    fill();
    type('휴대전화 번호', '01012345678');
    type('이메일 인증번호', '12345');
    type('휴대전화 인증번호', '12345');
    await click('회원가입');
    expect(await screen.findAllByText('인증번호를 먼저 발송해 주세요.')).toHaveLength(2);
  });

  it('shows a phone problem under the phone field even with e-mail verification off', async () => {
    stubFetch({ 'POST /auth/send-phone-number': { body: { message: '인증번호가 발송되었습니다.' } } });
    setup({ emailVerify: false, phoneVerify: true });
    type('휴대전화 번호', '01012345678');
    await click('인증번호 발송');
    fill();
    await click('회원가입');
    expect(await screen.findByText('휴대전화 인증번호 5자리를 입력해주세요')).toBeInTheDocument();
    expect(screen.getByLabelText('휴대전화 인증번호')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the number before sending a phone code, then locks the field once sent', async () => {
    const calls = stubFetch({ 'POST /auth/send-phone-number': { body: { message: '인증번호가 발송되었습니다.' } } });
    setup({ emailVerify: false, phoneVerify: true });
    type('휴대전화 번호', '0101234567');
    await click('인증번호 발송');
    expect(await screen.findByText('휴대전화 번호가 올바르지 않습니다')).toBeInTheDocument();
    expect(calls).toEqual([]);
    type('휴대전화 번호', '01012345678');
    await click('인증번호 발송');
    expect(await screen.findByText('인증번호가 발송되었습니다.')).toBeInTheDocument();
    expect(calls).toMatchObject([
      { method: 'POST', path: '/auth/send-phone-number', body: { phoneNumber: '01012345678' } },
    ]);
    expect(screen.getByLabelText('휴대전화 번호')).toHaveAttribute('readonly');
    fill();
    type('휴대전화 인증번호', '1234');
    await click('회원가입');
    expect(await screen.findByText('휴대전화 인증번호 5자리를 입력해주세요')).toBeInTheDocument();
  });

  it('says which e-mail problem the server found when sending a code', async () => {
    stubFetch({ 'POST /auth/send-email': { status: 409, body: { statusCode: 409, message: 'conflict' } } });
    setup({ emailVerify: true, phoneVerify: false });
    type('이메일', 'no-at-sign.com');
    await click('인증번호 발송');
    expect(await screen.findByText('이메일이 올바르지 않습니다')).toBeInTheDocument();
    type('이메일', 'taken@example.com');
    await click('인증번호 발송');
    expect(await screen.findByText('이미 존재하는 이메일 입니다')).toBeInTheDocument();
    expect(screen.getByLabelText('이메일')).not.toHaveAttribute('readonly');
  });

  it('sends the spec payload (empty optional fields left out) and goes to /login', async () => {
    const calls = stubFetch({ 'POST /auth/register': { status: 201, body: { message: '회원가입에 성공했습니다.' } } });
    const { router } = setup({ emailVerify: false, phoneVerify: false });
    fill();
    type('추천인 코드 (선택)', 'FRIEND1');
    await click('회원가입');
    expect(await screen.findByText('회원가입에 성공했습니다.')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/auth/register' });
    expect(calls.at(-1)!.body).toEqual({
      id: 'newbie',
      password: 'pass1234',
      email: 'newbie@example.com',
      registerWhere: '지인 추천',
      referral: 'FRIEND1',
      agreeTerms: true,
      agreePrivacy: true,
      agreeMarketing: false,
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for the two required consents with links to the documents; marketing is optional and sent when ticked', async () => {
    const calls = stubFetch({ 'POST /auth/register': { status: 201, body: { message: '회원가입에 성공했습니다.' } } });
    setup({ emailVerify: false, phoneVerify: false });
    expect(screen.getByRole('link', { name: '이용약관 보기' })).toHaveAttribute('href', '/terms/service');
    expect(screen.getByRole('link', { name: '이용약관 보기' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: '개인정보처리방침 보기' })).toHaveAttribute('href', '/terms/privacy');
    fill();
    fireEvent.click(screen.getByLabelText('[필수] 개인정보 수집·이용에 동의합니다'));
    await click('회원가입');
    expect(await screen.findByText('개인정보 수집·이용에 동의해 주세요.')).toBeInTheDocument();
    expect(screen.queryByText('이용약관에 동의해 주세요.')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByLabelText('[필수] 개인정보 수집·이용에 동의합니다'));
    fireEvent.click(screen.getByLabelText('[선택] 이벤트·혜택 등 마케팅 정보 수신에 동의합니다'));
    await click('회원가입');
    expect(await screen.findByText('회원가입에 성공했습니다.')).toBeInTheDocument();
    expect(calls.at(-1)!.body).toMatchObject({ agreeTerms: true, agreePrivacy: true, agreeMarketing: true });
  });

  it('announces and applies the 8~20자 password rule of the server', async () => {
    setup({ emailVerify: false, phoneVerify: false });
    expect(screen.getByLabelText('비밀번호')).toHaveAttribute('placeholder', '8~20자');
    fill();
    type('비밀번호', 'abc1234');
    type('비밀번호 재입력', 'abc1234');
    await click('회원가입');
    expect(await screen.findByText('비밀번호는 8~20자로 입력해 주세요.')).toBeInTheDocument();
  });

  it('shows the server message of a refused sign-up, else 회원가입에 실패했습니다.', async () => {
    stubFetch({
      'POST /auth/register': {
        status: 409,
        body: { statusCode: 409, code: 'ID_TAKEN', message: '이미 존재하는 아이디 입니다' },
      },
    });
    setup({ emailVerify: false, phoneVerify: false });
    fill();
    await click('회원가입');
    expect(await screen.findByText('이미 존재하는 아이디 입니다')).toBeInTheDocument();
    stubFetch({ 'POST /auth/register': { status: 500, body: {} } });
    await click('회원가입');
    expect(await screen.findByText('회원가입에 실패했습니다.')).toBeInTheDocument();
  });
});
