/** Every route of spec section 2, in one place. */
export const paths = {
  home: '/',
  order: '/order',
  login: '/login',
  register: '/register',
  registerNaver: '/register/naver',
  registerKakao: '/register/kakao',
  naverCallback: '/auth/naver',
  findId: '/find-id',
  findPassword: '/find-password',
  resetPassword: '/reset-password',
  point: '/point',
  /** Toss Payments' return URLs (success: paymentKey, orderId, amount; fail: code, message, orderId). */
  tossSuccess: '/point/toss/success',
  tossFail: '/point/toss/fail',
  account: '/account',
  qna: '/qna',
  orderHistory: '/order-history',
  autoOrderHistory: '/auto-order-history',
  subscriptionHistory: '/subscription-history',
  logout: '/logout',
  apiDocs: '/api',
  guide: '/guide',
  termsService: '/terms/service',
  termsPrivacy: '/terms/privacy',
  /** 대량 주문: one order a line, a tab beside 주문하기. */
  massOrder: '/order/mass',
  /** 1:1 문의: the list and the new-ticket form (?type=&orders= prefill it), and one ticket's thread. */
  support: '/support',
  supportTicket: '/support/:id',
  /** 서비스 변경 안내: the public change log of prices and services. */
  serviceChanges: '/service-changes',
  /** 전체 상품: every service with its 평균 완료 시간 (and 즐겨찾기 for members). */
  services: '/services',
} as const;
