/**
 * Korean messages of the account flows (spec sections 5 and 8 verbatim where the spec names one,
 * the same voice where it does not). The SPA and the server show the same words.
 */
export const IDENTITY_MESSAGES = {
  // §5 register rules
  idTooLong: '아이디는 50자 이하로 입력해 주세요.',
  idInvalid: '아이디에 사용할 수 없는 문자가 있습니다.',
  passwordNoSpace: '비밀번호에 띄어쓰기는 불가능합니다.',
  passwordTooLong: '비밀번호는 100자 이하로 입력해 주세요.',
  /** The rule the placeholders announce (8~20자), enforced by the server for every new password. */
  passwordLength: '비밀번호는 8~20자로 입력해 주세요.',
  passwordConfirmMismatch: '비밀번호 재확인이 다릅니다',
  emailFormat: '이메일 형식을 맞춰주세요',
  registerWhereRequired: '가입경로를 선택해주세요',
  referralInvalid: '추천인 코드를 확인해주세요',
  // consents at sign-up (개인정보 보호법)
  termsRequired: '이용약관에 동의해 주세요.',
  privacyRequired: '개인정보 수집·이용에 동의해 주세요.',
  // §5 code sending
  phoneInvalid: '휴대전화 번호가 올바르지 않습니다',
  emailInvalid: '이메일이 올바르지 않습니다',
  emailCodeRequired: '이메일 인증코드 5자리를 입력해주세요',
  phoneCodeRequired: '휴대전화 인증번호 5자리를 입력해주세요',
  // §8 code sending
  emailTaken: '이미 존재하는 이메일 입니다',
  phoneTaken: '이미 존재하는 휴대전화 번호 입니다',
  emailCodeSent: '인증코드가 발송되었습니다.',
  phoneCodeSent: '인증번호가 발송되었습니다.',
  deliveryFailed: '발송에 실패했습니다. 잠시 후 다시 시도해 주세요.',
  // verification at sign-up
  codeNotSent: '인증번호를 먼저 발송해 주세요.',
  codeExpired: '인증번호가 만료되었습니다. 다시 발송해 주세요.',
  emailCodeWrong: '이메일 인증코드가 올바르지 않습니다.',
  phoneCodeWrong: '휴대전화 인증번호가 올바르지 않습니다.',
  // §8 register
  idTaken: '이미 존재하는 아이디 입니다',
  referralUnknown: '존재하지 않는 추천인 코드입니다.',
  registerSuccess: '회원가입에 성공했습니다.',
  registerFailed: '회원가입에 실패했습니다.',
  // account
  currentPasswordRequired: '현재 비밀번호를 입력해주세요.',
  newPasswordRequired: '새 비밀번호를 입력해주세요.',
  currentPasswordWrong: '현재 비밀번호가 다릅니다.',
  passwordChanged: '비밀번호가 변경되었습니다.',
  referralDisabled: '추천인 코드를 사용할 수 없습니다.',
  referralExists: '이미 추천인 코드가 있습니다.',
  withdrawn: '회원탈퇴가 완료되었습니다.',
  accountRestricted: '이용이 제한된 계정입니다.',
  // recovery
  emailFeatureOff: '이메일 인증을 사용하지 않아 이용할 수 없습니다.',
  emailNotFound: '해당 이메일로 가입된 아이디가 없습니다.',
  mailSent: '이메일이 전송되었습니다.',
  resetMismatch: '비밀번호 검증이 다릅니다',
  resetSuccess: '비밀번호가 재설정 되었습니다.',
  resetTokenInvalid: '비밀번호 재설정 링크가 만료되었거나 올바르지 않습니다.',
  // social login
  naverFailed: '네이버 로그인에 실패했습니다',
  kakaoFailed: '카카오 로그인에 실패했습니다',
  socialDisabled: '사용할 수 없는 로그인 방식입니다.',
  socialNotRegistered: '가입되지 않은 계정입니다. 회원가입을 진행해주세요.',
  socialTokenInvalid: '소셜 인증이 만료되었습니다. 다시 로그인해주세요.',
  socialTaken: '이미 가입된 소셜 계정입니다.',
  // abuse
  tooManyRequests: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
} as const;
