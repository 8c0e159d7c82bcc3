/**
 * Toasts only the storefront shows (the server never sends these words). Everything the server may also
 * say lives in server/src/contracts (MESSAGES, IDENTITY_MESSAGES, ORDER_MESSAGES, CHARGE_MESSAGES).
 */
export const STOREFRONT_MESSAGES = {
  /** docs/product.md §8: a 400 on sending a code (the spec writes it without the full stop of the login's). */
  sendCodeFormInvalid: '입력 양식을 맞춰주세요',
  /** docs/product.md §6/§8: account actions in browse-only mode. */
  guestBlocked: '둘러보기 모드에서는 불가능합니다.',
  /** docs/product.md §8: account deletion failed. */
  withdrawFailed: '회원탈퇴에 실패했습니다.',
  apiKeyRenewed: 'API 키가 재발급 되었습니다.',
  referralIssued: '추천인 코드가 발급되었습니다.',
  /** docs/product.md §8: Kakao's script SDK gave no token. */
  kakaoSdkFailed: '카카오 인증에 실패했습니다',
} as const;
