/** Refills (SMM API v2 `refill`): the member's Korean messages, shared by the storefront and the server. */
export const REFILL_MESSAGES = {
  notAvailable: '리필을 제공하지 않는 상품입니다.',
  notFinished: '완료 또는 부분완료된 주문만 리필을 요청할 수 있습니다.',
  expired: '리필 가능 기간이 지났습니다.',
  open: '이미 진행 중인 리필 요청이 있습니다.',
  tooSoon: '리필은 24시간에 한 번만 요청할 수 있습니다.',
  requested: '리필을 요청했습니다.',
  rejectReason: '거절 사유를 입력해 주세요.',
  notOpen: '진행 중인 리필만 처리할 수 있습니다.',
} as const;

/** Hours between two refill requests of one order when the operator set none (setting REFILL_COOLDOWN_HOURS). */
export const REFILL_COOLDOWN_HOURS = 24;

/** The refusal of a refill asked again within the operator's cooldown. */
export const refillTooSoon = (hours: number): string => `리필은 ${hours}시간에 한 번만 요청할 수 있습니다.`;

/** A member's cancel of a running order, forwarded to the provider. */
export const CANCEL_MESSAGES = {
  requested: '취소 요청됨',
  alreadyRequested: '이미 취소를 요청한 주문입니다.',
  notSupported: '이 상품은 진행 중인 주문의 취소를 지원하지 않습니다.',
} as const;

/**
 * Why a member's cancel is refused where the provider may hold what was paid for: only what the partner
 * confirms undelivered is refunded, so these say what to do instead.
 */
export const MEMBER_CANCEL_MESSAGES = {
  subscriptionNotCancelable:
    '공급사에서 진행 중인 구독이며 이 상품은 공급사 취소를 지원하지 않아 취소할 수 없습니다. 고객센터(1:1 문의)로 문의해 주세요.',
  subscriptionSending: '공급사에 전송 중인 구독입니다. 잠시 후 다시 시도해 주세요.',
  subscriptionAlreadyRequested: '이미 취소를 요청한 구독입니다. 공급사의 확인을 기다리고 있습니다.',
} as const;
