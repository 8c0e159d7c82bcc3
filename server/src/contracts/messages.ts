/** Korean messages of spec sections 5 and 8, verbatim; the SPA and the server show the same words. */
export const MESSAGES = {
  formInvalid: '입력 양식을 맞춰주세요.',
  error: '오류가 발생했습니다.',
  idRequired: '아이디를 입력 해주세요.',
  idNoSpace: '아이디에 띄어쓰기는 불가능합니다.',
  passwordRequired: '비밀번호를 입력 해주세요.',
  loginFailed: '아이디 또는 비밀번호가 다릅니다.',
  loginSuccess: '로그인에 성공했습니다.',
} as const;
