/**
 * Every refusal's stable machine code beside its Korean message (issue 29): the API answers
 * `{"statusCode":409,"code":"ORDER_NOT_CANCELABLE","message":"…"}` and clients branch on the code, never on the
 * words. One list, code → message, built from the messages the contracts already share; /api/openapi.json lists
 * it. A refusal names its code where it is raised (DomainError's third argument), else the server finds the
 * code of its message here, else it gets the generic code of its status (the first block). Codes never change
 * meaning; a message may be reworded. API v2 keeps its `{"error"}` shape.
 */
import { MESSAGES } from './messages.js';
import { IDENTITY_MESSAGES } from './identity-messages.js';
import { ORDER_MESSAGES } from './order-rules.js';
import { ORDER_ACTION_MESSAGES, type OrderActionRefusal } from './order-actions.js';
import { REFILL_MESSAGES, CANCEL_MESSAGES, MEMBER_CANCEL_MESSAGES } from './refill.js';
import { SUBSCRIPTION_MESSAGES } from './subscription.js';
import { MASS_ORDER_MESSAGES } from './mass-order.js';
import { CHARGE_MESSAGES } from './charge.js';
import { TOSS_MESSAGES } from './toss.js';
import { RECEIPT_MESSAGES } from './receipts.js';
import { CATALOG_MESSAGES } from './catalog.js';
import { CONTENT_MESSAGES } from './content.js';
import { BRAND_MESSAGES } from './brand.js';
import { PRICING_MESSAGES } from './pricing.js';
import { APPROVAL_MESSAGES } from './approvals.js';
import { OPERATOR_MESSAGES } from './operators.js';
import { TICKET_MESSAGES } from './support.js';
import { LINK_MESSAGES } from './order-links.js';
export const ERROR_CODES = {
  // Any refusal without a code of its own, by status. A message listed twice keeps its first code only.
  BAD_REQUEST: '잘못된 요청입니다.',
  INVALID_INPUT: '입력값이 올바르지 않습니다.',
  UNAUTHORIZED: '로그인이 필요합니다.',
  FORBIDDEN: '이 작업을 할 권한이 없습니다.',
  NOT_FOUND: '요청한 주소를 찾을 수 없습니다.',
  CONFLICT: '요청을 처리할 수 없는 상태입니다.',
  ALREADY_PROCESSED: '이미 처리된 요청입니다.',
  PAYLOAD_TOO_LARGE: '요청 본문이 너무 큽니다.',
  UNSUPPORTED_MEDIA_TYPE: '지원하지 않는 요청 형식입니다.',
  UNPROCESSABLE: '요청을 처리할 수 없습니다.',
  RATE_LIMITED: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  UPSTREAM_FAILED: '외부 서비스와 통신하지 못했습니다.',
  UNAVAILABLE: '지금은 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  // Fastify's refusals of a body.
  INVALID_JSON_BODY: '요청 본문이 올바른 JSON이 아닙니다.',
  EMPTY_JSON_BODY: '요청 본문이 비어 있습니다.',
  TOO_MANY_PARTS: '요청에 포함된 항목이 너무 많습니다.',
  TOO_MANY_FILES: '요청에 포함된 파일이 너무 많습니다.',
  LENGTH_REQUIRED: '파일이 포함된 요청에는 Content-Length 헤더가 필요합니다.',
  CONTROL_CHARACTERS: '입력값에 쓸 수 없는 문자(제어 문자)가 있습니다.',
  INTERNAL_ERROR: MESSAGES.error,
  ILLEGAL_TRANSITION: '지금 상태에서는 할 수 없는 작업입니다.',
  // MESSAGES (messages.ts)
  FORM_INVALID: MESSAGES.formInvalid,
  ID_REQUIRED: MESSAGES.idRequired,
  ID_NO_SPACE: MESSAGES.idNoSpace,
  PASSWORD_REQUIRED: MESSAGES.passwordRequired,
  LOGIN_FAILED: MESSAGES.loginFailed,
  // IDENTITY_MESSAGES (identity-messages.ts)
  ID_TOO_LONG: IDENTITY_MESSAGES.idTooLong,
  ID_INVALID: IDENTITY_MESSAGES.idInvalid,
  PASSWORD_NO_SPACE: IDENTITY_MESSAGES.passwordNoSpace,
  PASSWORD_TOO_LONG: IDENTITY_MESSAGES.passwordTooLong,
  PASSWORD_LENGTH: IDENTITY_MESSAGES.passwordLength,
  PASSWORD_CONFIRM_MISMATCH: IDENTITY_MESSAGES.passwordConfirmMismatch,
  EMAIL_FORMAT: IDENTITY_MESSAGES.emailFormat,
  REGISTER_WHERE_REQUIRED: IDENTITY_MESSAGES.registerWhereRequired,
  REFERRAL_INVALID: IDENTITY_MESSAGES.referralInvalid,
  TERMS_REQUIRED: IDENTITY_MESSAGES.termsRequired,
  PRIVACY_REQUIRED: IDENTITY_MESSAGES.privacyRequired,
  PHONE_INVALID: IDENTITY_MESSAGES.phoneInvalid,
  EMAIL_INVALID: IDENTITY_MESSAGES.emailInvalid,
  EMAIL_CODE_REQUIRED: IDENTITY_MESSAGES.emailCodeRequired,
  PHONE_CODE_REQUIRED: IDENTITY_MESSAGES.phoneCodeRequired,
  EMAIL_TAKEN: IDENTITY_MESSAGES.emailTaken,
  PHONE_TAKEN: IDENTITY_MESSAGES.phoneTaken,
  DELIVERY_FAILED: IDENTITY_MESSAGES.deliveryFailed,
  CODE_EXPIRED: IDENTITY_MESSAGES.codeExpired,
  EMAIL_CODE_WRONG: IDENTITY_MESSAGES.emailCodeWrong,
  PHONE_CODE_WRONG: IDENTITY_MESSAGES.phoneCodeWrong,
  ID_TAKEN: IDENTITY_MESSAGES.idTaken,
  REFERRAL_UNKNOWN: IDENTITY_MESSAGES.referralUnknown,
  REGISTER_FAILED: IDENTITY_MESSAGES.registerFailed,
  CURRENT_PASSWORD_REQUIRED: IDENTITY_MESSAGES.currentPasswordRequired,
  NEW_PASSWORD_REQUIRED: IDENTITY_MESSAGES.newPasswordRequired,
  CURRENT_PASSWORD_WRONG: IDENTITY_MESSAGES.currentPasswordWrong,
  REFERRAL_DISABLED: IDENTITY_MESSAGES.referralDisabled,
  REFERRAL_EXISTS: IDENTITY_MESSAGES.referralExists,
  ACCOUNT_RESTRICTED: IDENTITY_MESSAGES.accountRestricted,
  EMAIL_FEATURE_OFF: IDENTITY_MESSAGES.emailFeatureOff,
  EMAIL_NOT_FOUND: IDENTITY_MESSAGES.emailNotFound,
  RESET_MISMATCH: IDENTITY_MESSAGES.resetMismatch,
  RESET_TOKEN_INVALID: IDENTITY_MESSAGES.resetTokenInvalid,
  NAVER_FAILED: IDENTITY_MESSAGES.naverFailed,
  KAKAO_FAILED: IDENTITY_MESSAGES.kakaoFailed,
  SOCIAL_DISABLED: IDENTITY_MESSAGES.socialDisabled,
  SOCIAL_NOT_REGISTERED: IDENTITY_MESSAGES.socialNotRegistered,
  SOCIAL_TOKEN_INVALID: IDENTITY_MESSAGES.socialTokenInvalid,
  SOCIAL_TAKEN: IDENTITY_MESSAGES.socialTaken,
  // ORDER_MESSAGES (order-rules.ts)
  ORDER_SERVICE_REQUIRED: ORDER_MESSAGES.serviceRequired,
  ORDER_LINK_REQUIRED: ORDER_MESSAGES.linkRequired,
  ORDER_LINK_TOO_LONG: ORDER_MESSAGES.linkTooLong,
  ORDER_AMOUNT_REQUIRED: ORDER_MESSAGES.amountRequired,
  ORDER_AMOUNT_BELOW_MIN: ORDER_MESSAGES.amountBelowMin,
  ORDER_AMOUNT_ABOVE_MAX: ORDER_MESSAGES.amountAboveMax,
  ORDER_RUNS_INVALID: ORDER_MESSAGES.runsInvalid,
  ORDER_INTERVAL_INVALID: ORDER_MESSAGES.intervalInvalid,
  ORDER_AUTO_NOT_ALLOWED: ORDER_MESSAGES.autoNotAllowed,
  ORDER_UNAVAILABLE: ORDER_MESSAGES.unavailable,
  ORDER_INSUFFICIENT_POINTS: ORDER_MESSAGES.insufficientPoints,
  ORDER_IDEMPOTENCY_MISMATCH: ORDER_MESSAGES.idempotencyMismatch,
  ORDER_IDEMPOTENCY_KEY_INVALID: ORDER_MESSAGES.idempotencyKeyInvalid,
  ORDER_FAILED: ORDER_MESSAGES.failed,
  ORDER_COMMENTS_REQUIRED: ORDER_MESSAGES.commentsRequired,
  ORDER_COMMENT_TOO_LONG: ORDER_MESSAGES.commentTooLong,
  ORDER_COMMENTS_TOO_LONG: ORDER_MESSAGES.commentsTooLong,
  ORDER_COMMENTS_INVALID: ORDER_MESSAGES.commentsInvalid,
  ORDER_COMMENTS_BELOW_MIN: ORDER_MESSAGES.commentsBelowMin,
  ORDER_COMMENTS_ABOVE_MAX: ORDER_MESSAGES.commentsAboveMax,
  ORDER_COMMENTS_NOT_ALLOWED: ORDER_MESSAGES.commentsNotAllowed,
  ORDER_V1_DEFAULT_ONLY: ORDER_MESSAGES.v1DefaultOnly,
  // ORDER_ACTION_MESSAGES (order-actions.ts)
  ORDER_NOT_CANCELABLE: ORDER_ACTION_MESSAGES.notCancelable,
  ORDER_SENDING: ORDER_ACTION_MESSAGES.sending,
  ORDER_NOT_FOUND: ORDER_ACTION_MESSAGES.notFound,
  // REFILL_MESSAGES (refill.ts)
  REFILL_NOT_AVAILABLE: REFILL_MESSAGES.notAvailable,
  REFILL_NOT_FINISHED: REFILL_MESSAGES.notFinished,
  REFILL_EXPIRED: REFILL_MESSAGES.expired,
  REFILL_OPEN: REFILL_MESSAGES.open,
  REFILL_TOO_SOON: REFILL_MESSAGES.tooSoon,
  REFILL_REJECT_REASON: REFILL_MESSAGES.rejectReason,
  REFILL_NOT_OPEN: REFILL_MESSAGES.notOpen,
  // CANCEL_MESSAGES (refill.ts)
  CANCEL_ALREADY_REQUESTED: CANCEL_MESSAGES.alreadyRequested,
  CANCEL_NOT_SUPPORTED: CANCEL_MESSAGES.notSupported,
  // MEMBER_CANCEL_MESSAGES (refill.ts)
  SUBSCRIPTION_NOT_CANCELABLE: MEMBER_CANCEL_MESSAGES.subscriptionNotCancelable,
  SUBSCRIPTION_SENDING: MEMBER_CANCEL_MESSAGES.subscriptionSending,
  SUBSCRIPTION_ALREADY_REQUESTED: MEMBER_CANCEL_MESSAGES.subscriptionAlreadyRequested,
  // SUBSCRIPTION_MESSAGES (subscription.ts)
  SUBSCRIPTION_USERNAME_REQUIRED: SUBSCRIPTION_MESSAGES.usernameRequired,
  SUBSCRIPTION_USERNAME_INVALID: SUBSCRIPTION_MESSAGES.usernameInvalid,
  SUBSCRIPTION_MIN_MAX: SUBSCRIPTION_MESSAGES.minMax,
  SUBSCRIPTION_POSTS: SUBSCRIPTION_MESSAGES.posts,
  SUBSCRIPTION_OPEN_ENDED_EXPIRY: SUBSCRIPTION_MESSAGES.openEndedExpiry,
  SUBSCRIPTION_OLD_POSTS: SUBSCRIPTION_MESSAGES.oldPosts,
  SUBSCRIPTION_DELAY: SUBSCRIPTION_MESSAGES.delay,
  SUBSCRIPTION_EXPIRY: SUBSCRIPTION_MESSAGES.expiry,
  SUBSCRIPTION_NOT_SUBSCRIPTION: SUBSCRIPTION_MESSAGES.notSubscription,
  SUBSCRIPTION_NOT_FOUND: SUBSCRIPTION_MESSAGES.notFound,
  SUBSCRIPTION_NOT_HELD: SUBSCRIPTION_MESSAGES.notHeld,
  SUBSCRIPTION_PROVIDER_ID_INVALID: SUBSCRIPTION_MESSAGES.providerIdInvalid,
  SUBSCRIPTION_PAUSED_LOW_BALANCE: SUBSCRIPTION_MESSAGES.pausedLowBalance,
  SUBSCRIPTION_PAUSED_DEBT: SUBSCRIPTION_MESSAGES.pausedDebt,
  // MASS_ORDER_MESSAGES (mass-order.ts)
  MASS_ORDER_EMPTY: MASS_ORDER_MESSAGES.empty,
  MASS_ORDER_TOO_MANY_LINES: MASS_ORDER_MESSAGES.tooManyLines,
  MASS_ORDER_TOO_LONG: MASS_ORDER_MESSAGES.tooLong,
  MASS_ORDER_LINE_FORMAT: MASS_ORDER_MESSAGES.lineFormat,
  MASS_ORDER_HAS_ERRORS: MASS_ORDER_MESSAGES.hasErrors,
  MASS_ORDER_SHORTFALL: MASS_ORDER_MESSAGES.shortfall,
  // CHARGE_MESSAGES (charge.ts)
  CHARGE_NAME_REQUIRED: CHARGE_MESSAGES.nameRequired,
  CHARGE_NAME_TOO_LONG: CHARGE_MESSAGES.nameTooLong,
  CHARGE_POINT_REQUIRED: CHARGE_MESSAGES.pointRequired,
  CHARGE_POINT_TOO_LARGE: CHARGE_MESSAGES.pointTooLarge,
  CHARGE_FEE_TYPE_INVALID: CHARGE_MESSAGES.feeTypeInvalid,
  CHARGE_FEE_TYPE_NOT_ALLOWED: CHARGE_MESSAGES.feeTypeNotAllowed,
  CHARGE_COMPANY_REQUIRED: CHARGE_MESSAGES.companyRequired,
  CHARGE_BUSINESS_NUMBER_INVALID: CHARGE_MESSAGES.businessNumberInvalid,
  CHARGE_LEADER_REQUIRED: CHARGE_MESSAGES.leaderRequired,
  CHARGE_CONTACT_PHONE_INVALID: CHARGE_MESSAGES.contactPhoneInvalid,
  CHARGE_JOB_TYPE_REQUIRED: CHARGE_MESSAGES.jobTypeRequired,
  CHARGE_JOB_TYPE2_REQUIRED: CHARGE_MESSAGES.jobType2Required,
  CHARGE_ADDRESS_REQUIRED: CHARGE_MESSAGES.addressRequired,
  CHARGE_REQUEST_FAILED: CHARGE_MESSAGES.requestFailed,
  CHARGE_TOO_MANY_OPEN: CHARGE_MESSAGES.tooManyOpen,
  CHARGE_ACCOUNT_NOT_CONFIGURED: CHARGE_MESSAGES.accountNotConfigured,
  // TOSS_MESSAGES (toss.ts)
  TOSS_DISABLED: TOSS_MESSAGES.disabled,
  TOSS_METHOD_INVALID: TOSS_MESSAGES.methodInvalid,
  TOSS_RECEIPT_NOT_FOR_CARD: TOSS_MESSAGES.receiptNotForCard,
  TOSS_CHARGE_UNKNOWN: TOSS_MESSAGES.chargeUnknown,
  TOSS_AMOUNT_MISMATCH: TOSS_MESSAGES.amountMismatch,
  TOSS_OTHER_PAYMENT: TOSS_MESSAGES.otherPayment,
  TOSS_CLOSED: TOSS_MESSAGES.closed,
  TOSS_CANCELED_BY_USER: TOSS_MESSAGES.canceledByUser,
  TOSS_FAILED: TOSS_MESSAGES.failed,
  TOSS_WEBHOOK_REFUSED: TOSS_MESSAGES.webhookRefused,
  TOSS_REFUND_TOO_LARGE: TOSS_MESSAGES.refundTooLarge,
  TOSS_REFUND_NOT_TOSS: TOSS_MESSAGES.refundNotToss,
  TOSS_TOO_MANY_OPEN: TOSS_MESSAGES.tooManyOpen,
  TOSS_UNAVAILABLE: TOSS_MESSAGES.tossUnavailable,
  TOSS_CLOSED_REFUND_WHOLE: TOSS_MESSAGES.closedRefundWhole,
  // RECEIPT_MESSAGES (receipts.ts)
  RECEIPT_NOT_FOUND: RECEIPT_MESSAGES.notFound,
  RECEIPT_NOT_EDITABLE: RECEIPT_MESSAGES.notEditable,
  RECEIPT_NOT_ISSUABLE: RECEIPT_MESSAGES.notIssuable,
  RECEIPT_IN_PROGRESS: RECEIPT_MESSAGES.inProgress,
  RECEIPT_PARTNER_NOT_CONFIGURED: RECEIPT_MESSAGES.partnerNotConfigured,
  RECEIPT_PARTNER_UNAVAILABLE: RECEIPT_MESSAGES.partnerUnavailable,
  RECEIPT_APPROVAL_NUMBER_INVALID: RECEIPT_MESSAGES.approvalNumberInvalid,
  RECEIPT_MONTH_INVALID: RECEIPT_MESSAGES.monthInvalid,
  /** A partner (Toss, Popbill) refused a cancel the operator asked for: its own message is the answer. */
  RECEIPT_PARTNER_REFUSED: '발행 대행사가 요청을 거절했습니다.',
  // CATALOG_MESSAGES (catalog.ts)
  CATALOG_PLATFORM_ID: CATALOG_MESSAGES.platformId,
  CATALOG_COLOR: CATALOG_MESSAGES.color,
  CATALOG_POINT: CATALOG_MESSAGES.point,
  CATALOG_MIN_MAX: CATALOG_MESSAGES.minMax,
  CATALOG_CATEGORY: CATALOG_MESSAGES.category,
  CATALOG_PLATFORM: CATALOG_MESSAGES.platform,
  CATALOG_PROVIDER: CATALOG_MESSAGES.provider,
  CATALOG_TYPE: CATALOG_MESSAGES.type,
  CATALOG_REFILL_DAYS: CATALOG_MESSAGES.refillDays,
  CATALOG_PACKAGE_MIN_MAX: CATALOG_MESSAGES.packageMinMax,
  CATALOG_PRICE_RULE: CATALOG_MESSAGES.priceRule,
  CATALOG_BACKUP_PROVIDERS: CATALOG_MESSAGES.backupProviders,
  // CONTENT_MESSAGES (content.ts)
  CONTENT_REQUIRED: CONTENT_MESSAGES.contentRequired,
  CONTENT_TITLE_REQUIRED: CONTENT_MESSAGES.titleRequired,
  CONTENT_ANSWER_REQUIRED: CONTENT_MESSAGES.answerRequired,
  CONTENT_TEXT_REQUIRED: CONTENT_MESSAGES.textRequired,
  CONTENT_COLOR_INVALID: CONTENT_MESSAGES.colorInvalid,
  CONTENT_IMAGE_URL_INVALID: CONTENT_MESSAGES.imageUrlInvalid,
  CONTENT_DEVICE_INVALID: CONTENT_MESSAGES.deviceInvalid,
  CONTENT_IMAGE_REQUIRED: CONTENT_MESSAGES.imageRequired,
  CONTENT_IMAGE_TYPE: CONTENT_MESSAGES.imageType,
  CONTENT_IMAGE_TOO_LARGE: CONTENT_MESSAGES.imageTooLarge,
  // BRAND_MESSAGES (brand.ts)
  BRAND_SITE_NAME_TOO_LONG: BRAND_MESSAGES.siteNameTooLong,
  BRAND_SITE_NAME_INVALID: BRAND_MESSAGES.siteNameInvalid,
  BRAND_SITE_LOGO_INVALID: BRAND_MESSAGES.siteLogoInvalid,
  // PRICING_MESSAGES (pricing.ts)
  PRICING_LEVEL_NAME: PRICING_MESSAGES.levelName,
  PRICING_THRESHOLD: PRICING_MESSAGES.threshold,
  PRICING_DISCOUNT: PRICING_MESSAGES.discount,
  PRICING_LEVEL_DUPLICATE: PRICING_MESSAGES.levelDuplicate,
  PRICING_LEVEL_IN_USE: PRICING_MESSAGES.levelInUse,
  PRICING_RATE: PRICING_MESSAGES.rate,
  PRICING_SERVICE_MISSING: PRICING_MESSAGES.serviceMissing,
  PRICING_MEMBER_MISSING: PRICING_MESSAGES.memberMissing,
  PRICING_RATE_MISSING: PRICING_MESSAGES.rateMissing,
  PRICING_LEVEL_MISSING: PRICING_MESSAGES.levelMissing,
  // APPROVAL_MESSAGES (approvals.ts)
  APPROVAL_OWN_REQUEST: APPROVAL_MESSAGES.ownRequest,
  APPROVAL_NOT_FOUND: APPROVAL_MESSAGES.notFound,
  // OPERATOR_MESSAGES (operators.ts)
  OPERATOR_UNDECLARED: OPERATOR_MESSAGES.undeclared,
  OPERATOR_NOT_FOUND: OPERATOR_MESSAGES.notFound,
  OPERATOR_DUPLICATE: OPERATOR_MESSAGES.duplicate,
  OPERATOR_LAST_OWNER: OPERATOR_MESSAGES.lastOwner,
  OPERATOR_NOT_YOURSELF: OPERATOR_MESSAGES.notYourself,
  OPERATOR_ALREADY_DISABLED: OPERATOR_MESSAGES.alreadyDisabled,
  // TICKET_MESSAGES (support.ts)
  TICKET_TYPE_REQUIRED: TICKET_MESSAGES.typeRequired,
  TICKET_SUBJECT_TOO_LONG: TICKET_MESSAGES.subjectTooLong,
  TICKET_BODY_REQUIRED: TICKET_MESSAGES.bodyRequired,
  TICKET_BODY_TOO_LONG: TICKET_MESSAGES.bodyTooLong,
  TICKET_ORDERS_INVALID: TICKET_MESSAGES.ordersInvalid,
  TICKET_TOO_MANY_ORDERS: TICKET_MESSAGES.tooManyOrders,
  TICKET_ORDERS_REQUIRED: TICKET_MESSAGES.ordersRequired,
  TICKET_FOREIGN_ORDERS: TICKET_MESSAGES.foreignOrders,
  TICKET_TOO_MANY_IMAGES: TICKET_MESSAGES.tooManyImages,
  TICKET_IMAGE_INVALID: TICKET_MESSAGES.imageInvalid,
  TICKET_TOO_MANY_OPEN: TICKET_MESSAGES.tooManyOpen,
  TICKET_NOT_FOUND: TICKET_MESSAGES.notFound,
  TICKET_ALREADY_CLOSED: TICKET_MESSAGES.alreadyClosed,
  TICKET_REPLY_REQUIRED: TICKET_MESSAGES.replyRequired,
  // LINK_MESSAGES (order-links.ts)
  LINK_INVALID: LINK_MESSAGES.invalid,
  // Providers (fulfilment): a key is only ever sent to the address it was entered for.
  PROVIDER_KEY_REQUIRED:
    '공급사 API 주소를 바꾸면 기존 API 키는 더 이상 쓰지 않습니다. 새 주소의 API 키를 입력해 주세요.',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The code of each reason order-actions.ts refuses a member's cancel or refill with. */
export const ORDER_ACTION_ERRORS: Record<OrderActionRefusal, ErrorCode> = {
  refillNotAvailable: 'REFILL_NOT_AVAILABLE',
  refillNotFinished: 'REFILL_NOT_FINISHED',
  refillExpired: 'REFILL_EXPIRED',
  refillOpen: 'REFILL_OPEN',
  refillTooSoon: 'REFILL_TOO_SOON',
  cancelNotCancelable: 'ORDER_NOT_CANCELABLE',
  cancelSending: 'ORDER_SENDING',
  cancelAlreadyRequested: 'CANCEL_ALREADY_REQUESTED',
  cancelNotSupported: 'CANCEL_NOT_SUPPORTED',
};

/** The generic code of a refusal's status (the first block above). */
export function statusErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 411:
      return 'LENGTH_REQUIRED';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'UNPROCESSABLE';
    case 429:
      return 'RATE_LIMITED';
    case 500:
      return 'INTERNAL_ERROR';
    case 502:
      return 'UPSTREAM_FAILED';
    default:
      return status >= 500 ? 'UNAVAILABLE' : 'BAD_REQUEST';
  }
}

const CODE_OF_MESSAGE = new Map<string, ErrorCode>();
for (const [code, message] of Object.entries(ERROR_CODES) as [ErrorCode, string][])
  if (!CODE_OF_MESSAGE.has(message)) CODE_OF_MESSAGE.set(message, code);

/** The code of one of the listed messages (the first listed, when two codes share words). */
export const errorCodeOf = (message: string): ErrorCode | undefined => CODE_OF_MESSAGE.get(message);
