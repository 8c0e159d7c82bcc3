/**
 * Every refusal, defined once: its stable machine code, the HTTP status it is answered with and its Korean
 * message. The API answers `{"statusCode":409,"code":"ORDER_NOT_CANCELABLE","message":"…"}` and clients branch on
 * the code, never on the words. A refusal is raised by its code (`throw new DomainError('COUPON_USED')`, see
 * shared/domain-error.ts); the HTTP kernel finds the status here; /api/openapi.json lists this table. A message
 * with `{name}` holes is filled where it is raised. Codes never change meaning; a message may be reworded.
 * API v2 keeps its `{"error"}` shape.
 */
import { MESSAGES } from './messages.js';
import { IDENTITY_MESSAGES } from './identity-messages.js';
import { ORDER_MESSAGES } from './order-rules.js';
import { ORDER_ACTION_MESSAGES, type OrderActionRefusal } from './order-actions.js';
import { REFILL_MESSAGES, CANCEL_MESSAGES, MEMBER_CANCEL_MESSAGES } from './refill.js';
import { SUBSCRIPTION_MESSAGES } from './subscription.js';
import { MASS_ORDER_MESSAGES } from './mass-order.js';
import { BANK_REFUND_MESSAGES, CHARGE_MESSAGES } from './charge.js';
import { TOSS_MESSAGES } from './toss.js';
import { RECEIPT_MESSAGES } from './receipts.js';
import { CATALOG_MESSAGES } from './catalog.js';
import { CONTENT_MESSAGES } from './content.js';
import { BRAND_MESSAGES } from './brand.js';
import { PRICE_SYNC_MESSAGES, PRICING_MESSAGES } from './pricing.js';
import { APPROVAL_MESSAGES } from './approvals.js';
import { OPERATOR_MESSAGES } from './operators.js';
import { TICKET_MESSAGES } from './support.js';
import { LINK_MESSAGES } from './order-links.js';
import { WEBHOOK_MESSAGES } from './delivery.js';
import { SECOND_FACTOR_MESSAGES } from './second-factor.js';
import { CHARGE_BONUS_MESSAGES } from './charge-bonus.js';
import { MAINTENANCE_MESSAGES } from './maintenance.js';
import { COUPON_MESSAGES } from './coupons.js';
import { SERVICE_SPEED_MESSAGES } from './service-speed.js';

/** One refusal: the HTTP status it is answered with and its Korean message. */
export interface Refusal {
  readonly status: number;
  readonly message: string;
}
const r = <S extends number, M extends string>(status: S, message: M) => ({ status, message });

export const ERRORS = {
  // Any refusal without a code of its own, by status. Two codes share words only when their statuses differ.
  BAD_REQUEST: r(400, '잘못된 요청입니다.'),
  INVALID_INPUT: r(400, '입력값이 올바르지 않습니다.'),
  UNAUTHORIZED: r(401, '로그인이 필요합니다.'),
  FORBIDDEN: r(403, '이 작업을 할 권한이 없습니다.'),
  NOT_FOUND: r(404, '요청한 주소를 찾을 수 없습니다.'),
  CONFLICT: r(409, '요청을 처리할 수 없는 상태입니다.'),
  ALREADY_PROCESSED: r(409, '이미 처리된 요청입니다.'),
  PAYLOAD_TOO_LARGE: r(413, '요청 본문이 너무 큽니다.'),
  UNSUPPORTED_MEDIA_TYPE: r(415, '지원하지 않는 요청 형식입니다.'),
  UNPROCESSABLE: r(422, '요청을 처리할 수 없습니다.'),
  RATE_LIMITED: r(429, '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.'),
  UPSTREAM_FAILED: r(502, '외부 서비스와 통신하지 못했습니다.'),
  UNAVAILABLE: r(503, '지금은 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.'),
  // Fastify's refusals of a body.
  INVALID_JSON_BODY: r(400, '요청 본문이 올바른 JSON이 아닙니다.'),
  EMPTY_JSON_BODY: r(400, '요청 본문이 비어 있습니다.'),
  TOO_MANY_PARTS: r(413, '요청에 포함된 항목이 너무 많습니다.'),
  TOO_MANY_FILES: r(413, '요청에 포함된 파일이 너무 많습니다.'),
  LENGTH_REQUIRED: r(411, '파일이 포함된 요청에는 Content-Length 헤더가 필요합니다.'),
  CONTROL_CHARACTERS: r(400, '입력값에 쓸 수 없는 문자(제어 문자)가 있습니다.'),
  INTERNAL_ERROR: r(500, MESSAGES.error),
  ILLEGAL_TRANSITION: r(409, '지금 상태에서는 할 수 없는 작업입니다.'),
  // MESSAGES (messages.ts)
  FORM_INVALID: r(400, MESSAGES.formInvalid),
  ID_REQUIRED: r(400, MESSAGES.idRequired),
  ID_NO_SPACE: r(400, MESSAGES.idNoSpace),
  PASSWORD_REQUIRED: r(400, MESSAGES.passwordRequired),
  LOGIN_FAILED: r(404, MESSAGES.loginFailed),
  // IDENTITY_MESSAGES (identity-messages.ts)
  ID_TOO_LONG: r(400, IDENTITY_MESSAGES.idTooLong),
  ID_INVALID: r(400, IDENTITY_MESSAGES.idInvalid),
  PASSWORD_NO_SPACE: r(400, IDENTITY_MESSAGES.passwordNoSpace),
  PASSWORD_TOO_LONG: r(400, IDENTITY_MESSAGES.passwordTooLong),
  PASSWORD_LENGTH: r(400, IDENTITY_MESSAGES.passwordLength),
  PASSWORD_CONFIRM_MISMATCH: r(400, IDENTITY_MESSAGES.passwordConfirmMismatch),
  EMAIL_FORMAT: r(400, IDENTITY_MESSAGES.emailFormat),
  REGISTER_WHERE_REQUIRED: r(400, IDENTITY_MESSAGES.registerWhereRequired),
  REFERRAL_INVALID: r(400, IDENTITY_MESSAGES.referralInvalid),
  TERMS_REQUIRED: r(400, IDENTITY_MESSAGES.termsRequired),
  PRIVACY_REQUIRED: r(400, IDENTITY_MESSAGES.privacyRequired),
  PHONE_INVALID: r(400, IDENTITY_MESSAGES.phoneInvalid),
  EMAIL_INVALID: r(400, IDENTITY_MESSAGES.emailInvalid),
  EMAIL_CODE_REQUIRED: r(400, IDENTITY_MESSAGES.emailCodeRequired),
  PHONE_CODE_REQUIRED: r(400, IDENTITY_MESSAGES.phoneCodeRequired),
  EMAIL_TAKEN: r(409, IDENTITY_MESSAGES.emailTaken),
  PHONE_TAKEN: r(409, IDENTITY_MESSAGES.phoneTaken),
  DELIVERY_FAILED: r(502, IDENTITY_MESSAGES.deliveryFailed),
  CODE_EXPIRED: r(400, IDENTITY_MESSAGES.codeExpired),
  EMAIL_CODE_WRONG: r(400, IDENTITY_MESSAGES.emailCodeWrong),
  PHONE_CODE_WRONG: r(400, IDENTITY_MESSAGES.phoneCodeWrong),
  // SECOND_FACTOR_MESSAGES (second-factor.ts)
  SECOND_FACTOR_CODE_WRONG: r(401, SECOND_FACTOR_MESSAGES.codeWrong),
  SECOND_FACTOR_CHALLENGE_GONE: r(401, SECOND_FACTOR_MESSAGES.challengeGone),
  SECOND_FACTOR_CHALLENGE_VOID: r(401, SECOND_FACTOR_MESSAGES.challengeVoid),
  SECOND_FACTOR_CODE_USED: r(401, SECOND_FACTOR_MESSAGES.codeUsed),
  SECOND_FACTOR_LOCKED: r(429, SECOND_FACTOR_MESSAGES.locked),
  ID_TAKEN: r(409, IDENTITY_MESSAGES.idTaken),
  REFERRAL_UNKNOWN: r(400, IDENTITY_MESSAGES.referralUnknown),
  REGISTER_FAILED: r(409, IDENTITY_MESSAGES.registerFailed),
  CURRENT_PASSWORD_REQUIRED: r(400, IDENTITY_MESSAGES.currentPasswordRequired),
  NEW_PASSWORD_REQUIRED: r(400, IDENTITY_MESSAGES.newPasswordRequired),
  CURRENT_PASSWORD_WRONG: r(409, IDENTITY_MESSAGES.currentPasswordWrong),
  REFERRAL_DISABLED: r(403, IDENTITY_MESSAGES.referralDisabled),
  REFERRAL_EXISTS: r(409, IDENTITY_MESSAGES.referralExists),
  ACCOUNT_RESTRICTED: r(403, IDENTITY_MESSAGES.accountRestricted),
  EMAIL_FEATURE_OFF: r(403, IDENTITY_MESSAGES.emailFeatureOff),
  EMAIL_NOT_FOUND: r(404, IDENTITY_MESSAGES.emailNotFound),
  RESET_MISMATCH: r(400, IDENTITY_MESSAGES.resetMismatch),
  RESET_TOKEN_INVALID: r(400, IDENTITY_MESSAGES.resetTokenInvalid),
  NAVER_FAILED: r(400, IDENTITY_MESSAGES.naverFailed),
  KAKAO_FAILED: r(400, IDENTITY_MESSAGES.kakaoFailed),
  SOCIAL_DISABLED: r(403, IDENTITY_MESSAGES.socialDisabled),
  SOCIAL_NOT_REGISTERED: r(404, IDENTITY_MESSAGES.socialNotRegistered),
  SOCIAL_TOKEN_INVALID: r(400, IDENTITY_MESSAGES.socialTokenInvalid),
  SOCIAL_TAKEN: r(409, IDENTITY_MESSAGES.socialTaken),
  // ORDER_MESSAGES (order-rules.ts)
  ORDER_SERVICE_REQUIRED: r(400, ORDER_MESSAGES.serviceRequired),
  ORDER_LINK_REQUIRED: r(400, ORDER_MESSAGES.linkRequired),
  ORDER_LINK_TOO_LONG: r(400, ORDER_MESSAGES.linkTooLong),
  ORDER_AMOUNT_REQUIRED: r(400, ORDER_MESSAGES.amountRequired),
  ORDER_AMOUNT_BELOW_MIN: r(400, ORDER_MESSAGES.amountBelowMin),
  ORDER_AMOUNT_ABOVE_MAX: r(400, ORDER_MESSAGES.amountAboveMax),
  ORDER_RUNS_INVALID: r(400, ORDER_MESSAGES.runsInvalid),
  ORDER_INTERVAL_INVALID: r(400, ORDER_MESSAGES.intervalInvalid),
  ORDER_AUTO_NOT_ALLOWED: r(400, ORDER_MESSAGES.autoNotAllowed),
  ORDER_UNAVAILABLE: r(400, ORDER_MESSAGES.unavailable),
  ORDER_INSUFFICIENT_POINTS: r(400, ORDER_MESSAGES.insufficientPoints),
  ORDER_IDEMPOTENCY_MISMATCH: r(422, ORDER_MESSAGES.idempotencyMismatch),
  ORDER_IDEMPOTENCY_KEY_INVALID: r(400, ORDER_MESSAGES.idempotencyKeyInvalid),
  ORDER_FAILED: r(409, ORDER_MESSAGES.failed),
  ORDER_COMMENTS_REQUIRED: r(400, ORDER_MESSAGES.commentsRequired),
  ORDER_COMMENT_TOO_LONG: r(400, ORDER_MESSAGES.commentTooLong),
  ORDER_COMMENTS_TOO_LONG: r(400, ORDER_MESSAGES.commentsTooLong),
  ORDER_COMMENTS_INVALID: r(400, ORDER_MESSAGES.commentsInvalid),
  ORDER_COMMENTS_BELOW_MIN: r(400, ORDER_MESSAGES.commentsBelowMin),
  ORDER_COMMENTS_ABOVE_MAX: r(400, ORDER_MESSAGES.commentsAboveMax),
  ORDER_COMMENTS_NOT_ALLOWED: r(400, ORDER_MESSAGES.commentsNotAllowed),
  ORDER_V1_DEFAULT_ONLY: r(400, ORDER_MESSAGES.v1DefaultOnly),
  // ORDER_ACTION_MESSAGES (order-actions.ts)
  ORDER_NOT_CANCELABLE: r(409, ORDER_ACTION_MESSAGES.notCancelable),
  ORDER_SENDING: r(409, ORDER_ACTION_MESSAGES.sending),
  ORDER_NOT_FOUND: r(404, ORDER_ACTION_MESSAGES.notFound),
  // REFILL_MESSAGES (refill.ts)
  REFILL_NOT_AVAILABLE: r(400, REFILL_MESSAGES.notAvailable),
  REFILL_NOT_FINISHED: r(400, REFILL_MESSAGES.notFinished),
  REFILL_EXPIRED: r(400, REFILL_MESSAGES.expired),
  REFILL_OPEN: r(409, REFILL_MESSAGES.open),
  REFILL_TOO_SOON: r(429, REFILL_MESSAGES.tooSoon),
  REFILL_REJECT_REASON: r(400, REFILL_MESSAGES.rejectReason),
  REFILL_NOT_OPEN: r(409, REFILL_MESSAGES.notOpen),
  // CANCEL_MESSAGES (refill.ts)
  CANCEL_ALREADY_REQUESTED: r(409, CANCEL_MESSAGES.alreadyRequested),
  CANCEL_NOT_SUPPORTED: r(409, CANCEL_MESSAGES.notSupported),
  // MEMBER_CANCEL_MESSAGES (refill.ts)
  SUBSCRIPTION_NOT_CANCELABLE: r(409, MEMBER_CANCEL_MESSAGES.subscriptionNotCancelable),
  SUBSCRIPTION_SENDING: r(409, MEMBER_CANCEL_MESSAGES.subscriptionSending),
  SUBSCRIPTION_ALREADY_REQUESTED: r(409, MEMBER_CANCEL_MESSAGES.subscriptionAlreadyRequested),
  // SUBSCRIPTION_MESSAGES (subscription.ts)
  SUBSCRIPTION_USERNAME_REQUIRED: r(400, SUBSCRIPTION_MESSAGES.usernameRequired),
  SUBSCRIPTION_USERNAME_INVALID: r(400, SUBSCRIPTION_MESSAGES.usernameInvalid),
  SUBSCRIPTION_MIN_MAX: r(400, SUBSCRIPTION_MESSAGES.minMax),
  SUBSCRIPTION_POSTS: r(400, SUBSCRIPTION_MESSAGES.posts),
  SUBSCRIPTION_OPEN_ENDED_EXPIRY: r(400, SUBSCRIPTION_MESSAGES.openEndedExpiry),
  SUBSCRIPTION_OLD_POSTS: r(400, SUBSCRIPTION_MESSAGES.oldPosts),
  SUBSCRIPTION_DELAY: r(400, SUBSCRIPTION_MESSAGES.delay),
  SUBSCRIPTION_EXPIRY: r(400, SUBSCRIPTION_MESSAGES.expiry),
  SUBSCRIPTION_NOT_SUBSCRIPTION: r(400, SUBSCRIPTION_MESSAGES.notSubscription),
  SUBSCRIPTION_NOT_FOUND: r(404, SUBSCRIPTION_MESSAGES.notFound),
  SUBSCRIPTION_NOT_HELD: r(409, SUBSCRIPTION_MESSAGES.notHeld),
  SUBSCRIPTION_PROVIDER_ID_INVALID: r(400, SUBSCRIPTION_MESSAGES.providerIdInvalid),
  SUBSCRIPTION_PAUSED_LOW_BALANCE: r(400, SUBSCRIPTION_MESSAGES.pausedLowBalance),
  SUBSCRIPTION_PAUSED_DEBT: r(400, SUBSCRIPTION_MESSAGES.pausedDebt),
  // MASS_ORDER_MESSAGES (mass-order.ts)
  MASS_ORDER_EMPTY: r(400, MASS_ORDER_MESSAGES.empty),
  MASS_ORDER_TOO_MANY_LINES: r(400, MASS_ORDER_MESSAGES.tooManyLines),
  MASS_ORDER_TOO_LONG: r(400, MASS_ORDER_MESSAGES.tooLong),
  MASS_ORDER_LINE_FORMAT: r(400, MASS_ORDER_MESSAGES.lineFormat),
  MASS_ORDER_HAS_ERRORS: r(400, MASS_ORDER_MESSAGES.hasErrors),
  MASS_ORDER_SHORTFALL: r(400, MASS_ORDER_MESSAGES.shortfall),
  // CHARGE_MESSAGES (charge.ts)
  CHARGE_NAME_REQUIRED: r(400, CHARGE_MESSAGES.nameRequired),
  CHARGE_NAME_TOO_LONG: r(400, CHARGE_MESSAGES.nameTooLong),
  CHARGE_POINT_REQUIRED: r(400, CHARGE_MESSAGES.pointRequired),
  CHARGE_POINT_TOO_LARGE: r(400, CHARGE_MESSAGES.pointTooLarge),
  CHARGE_FEE_TYPE_INVALID: r(400, CHARGE_MESSAGES.feeTypeInvalid),
  CHARGE_FEE_TYPE_NOT_ALLOWED: r(400, CHARGE_MESSAGES.feeTypeNotAllowed),
  CHARGE_COMPANY_REQUIRED: r(400, CHARGE_MESSAGES.companyRequired),
  CHARGE_BUSINESS_NUMBER_INVALID: r(400, CHARGE_MESSAGES.businessNumberInvalid),
  CHARGE_LEADER_REQUIRED: r(400, CHARGE_MESSAGES.leaderRequired),
  CHARGE_CONTACT_PHONE_INVALID: r(400, CHARGE_MESSAGES.contactPhoneInvalid),
  CHARGE_JOB_TYPE_REQUIRED: r(400, CHARGE_MESSAGES.jobTypeRequired),
  CHARGE_JOB_TYPE2_REQUIRED: r(400, CHARGE_MESSAGES.jobType2Required),
  CHARGE_ADDRESS_REQUIRED: r(400, CHARGE_MESSAGES.addressRequired),
  CHARGE_REQUEST_FAILED: r(400, CHARGE_MESSAGES.requestFailed),
  CHARGE_TOO_MANY_OPEN: r(409, CHARGE_MESSAGES.tooManyOpen),
  CHARGE_ACCOUNT_NOT_CONFIGURED: r(503, CHARGE_MESSAGES.accountNotConfigured),
  // BANK_REFUND_MESSAGES (charge.ts)
  BANK_REFUND_NOT_BANK_TRANSFER: r(409, BANK_REFUND_MESSAGES.notBankTransfer),
  BANK_REFUND_NOT_ACCEPTED: r(409, BANK_REFUND_MESSAGES.notAccepted),
  BANK_REFUND_AMOUNT_REQUIRED: r(400, BANK_REFUND_MESSAGES.amountRequired),
  BANK_REFUND_AMOUNT_TOO_LARGE: r(400, BANK_REFUND_MESSAGES.amountTooLarge),
  // The reason's words are the Toss refund's too: one code for both.
  CHARGE_REFUND_REASON_REQUIRED: r(400, BANK_REFUND_MESSAGES.reasonRequired),
  CHARGE_REFUND_REASON_TOO_LONG: r(400, BANK_REFUND_MESSAGES.reasonTooLong),
  // TOSS_MESSAGES (toss.ts)
  TOSS_DISABLED: r(403, TOSS_MESSAGES.disabled),
  TOSS_METHOD_INVALID: r(400, TOSS_MESSAGES.methodInvalid),
  TOSS_RECEIPT_NOT_FOR_CARD: r(400, TOSS_MESSAGES.receiptNotForCard),
  TOSS_CHARGE_UNKNOWN: r(404, TOSS_MESSAGES.chargeUnknown),
  TOSS_AMOUNT_MISMATCH: r(400, TOSS_MESSAGES.amountMismatch),
  TOSS_OTHER_PAYMENT: r(409, TOSS_MESSAGES.otherPayment),
  TOSS_CLOSED: r(409, TOSS_MESSAGES.closed),
  TOSS_CANCELED_BY_USER: r(400, TOSS_MESSAGES.canceledByUser),
  TOSS_FAILED: r(400, TOSS_MESSAGES.failed),
  TOSS_WEBHOOK_REFUSED: r(403, TOSS_MESSAGES.webhookRefused),
  TOSS_REFUND_TOO_LARGE: r(400, TOSS_MESSAGES.refundTooLarge),
  TOSS_REFUND_NOT_TOSS: r(409, TOSS_MESSAGES.refundNotToss),
  TOSS_TOO_MANY_OPEN: r(409, TOSS_MESSAGES.tooManyOpen),
  TOSS_UNAVAILABLE: r(503, TOSS_MESSAGES.tossUnavailable),
  TOSS_CLOSED_REFUND_WHOLE: r(400, TOSS_MESSAGES.closedRefundWhole),
  // RECEIPT_MESSAGES (receipts.ts)
  RECEIPT_NOT_FOUND: r(404, RECEIPT_MESSAGES.notFound),
  RECEIPT_NOT_EDITABLE: r(409, RECEIPT_MESSAGES.notEditable),
  RECEIPT_NOT_ISSUABLE: r(409, RECEIPT_MESSAGES.notIssuable),
  RECEIPT_IN_PROGRESS: r(409, RECEIPT_MESSAGES.inProgress),
  RECEIPT_PARTNER_NOT_CONFIGURED: r(409, RECEIPT_MESSAGES.partnerNotConfigured),
  RECEIPT_PARTNER_UNAVAILABLE: r(502, RECEIPT_MESSAGES.partnerUnavailable),
  RECEIPT_APPROVAL_NUMBER_INVALID: r(400, RECEIPT_MESSAGES.approvalNumberInvalid),
  RECEIPT_MONTH_INVALID: r(400, RECEIPT_MESSAGES.monthInvalid),
  /** A partner (Toss, Popbill) refused a cancel the operator asked for: its own message is the answer. */
  RECEIPT_PARTNER_REFUSED: r(409, '발행 대행사가 요청을 거절했습니다.'),
  // CATALOG_MESSAGES (catalog.ts)
  CATALOG_PLATFORM_ID: r(400, CATALOG_MESSAGES.platformId),
  CATALOG_COLOR: r(400, CATALOG_MESSAGES.color),
  CATALOG_POINT: r(400, CATALOG_MESSAGES.point),
  CATALOG_MIN_MAX: r(400, CATALOG_MESSAGES.minMax),
  CATALOG_CATEGORY: r(400, CATALOG_MESSAGES.category),
  CATALOG_PLATFORM: r(400, CATALOG_MESSAGES.platform),
  CATALOG_PROVIDER: r(400, CATALOG_MESSAGES.provider),
  CATALOG_TYPE: r(400, CATALOG_MESSAGES.type),
  CATALOG_REFILL_DAYS: r(400, CATALOG_MESSAGES.refillDays),
  CATALOG_PACKAGE_MIN_MAX: r(400, CATALOG_MESSAGES.packageMinMax),
  CATALOG_PRICE_RULE: r(400, CATALOG_MESSAGES.priceRule),
  CATALOG_BACKUP_PROVIDERS: r(400, CATALOG_MESSAGES.backupProviders),
  // CONTENT_MESSAGES (content.ts)
  CONTENT_REQUIRED: r(400, CONTENT_MESSAGES.contentRequired),
  CONTENT_TITLE_REQUIRED: r(400, CONTENT_MESSAGES.titleRequired),
  CONTENT_ANSWER_REQUIRED: r(400, CONTENT_MESSAGES.answerRequired),
  CONTENT_TEXT_REQUIRED: r(400, CONTENT_MESSAGES.textRequired),
  CONTENT_COLOR_INVALID: r(400, CONTENT_MESSAGES.colorInvalid),
  CONTENT_IMAGE_URL_INVALID: r(400, CONTENT_MESSAGES.imageUrlInvalid),
  CONTENT_DEVICE_INVALID: r(400, CONTENT_MESSAGES.deviceInvalid),
  CONTENT_IMAGE_REQUIRED: r(400, CONTENT_MESSAGES.imageRequired),
  CONTENT_IMAGE_TYPE: r(415, CONTENT_MESSAGES.imageType),
  CONTENT_IMAGE_TOO_LARGE: r(413, CONTENT_MESSAGES.imageTooLarge),
  // BRAND_MESSAGES (brand.ts)
  BRAND_SITE_NAME_TOO_LONG: r(400, BRAND_MESSAGES.siteNameTooLong),
  BRAND_SITE_NAME_INVALID: r(400, BRAND_MESSAGES.siteNameInvalid),
  BRAND_SITE_LOGO_INVALID: r(400, BRAND_MESSAGES.siteLogoInvalid),
  // PRICING_MESSAGES (pricing.ts)
  PRICING_LEVEL_NAME: r(400, PRICING_MESSAGES.levelName),
  PRICING_THRESHOLD: r(400, PRICING_MESSAGES.threshold),
  PRICING_DISCOUNT: r(400, PRICING_MESSAGES.discount),
  PRICING_LEVEL_DUPLICATE: r(409, PRICING_MESSAGES.levelDuplicate),
  PRICING_LEVEL_IN_USE: r(409, PRICING_MESSAGES.levelInUse),
  PRICING_RATE: r(400, PRICING_MESSAGES.rate),
  PRICING_SERVICE_MISSING: r(404, PRICING_MESSAGES.serviceMissing),
  PRICING_MEMBER_MISSING: r(404, PRICING_MESSAGES.memberMissing),
  PRICING_RATE_MISSING: r(404, PRICING_MESSAGES.rateMissing),
  PRICING_LEVEL_MISSING: r(404, PRICING_MESSAGES.levelMissing),
  PRICING_BELOW_COST: r(409, PRICING_MESSAGES.belowCost),
  // PRICE_SYNC_MESSAGES (pricing.ts)
  PRICE_CHANGE_MISSING: r(404, PRICE_SYNC_MESSAGES.changeMissing),
  PRICE_CHANGE_NOT_HELD: r(409, PRICE_SYNC_MESSAGES.notHeld),
  PRICE_CHANGE_STALE: r(409, PRICE_SYNC_MESSAGES.stale),
  PRICE_CHANGE_ZERO_RATE: r(409, PRICE_SYNC_MESSAGES.zeroRate),
  // APPROVAL_MESSAGES (approvals.ts)
  APPROVAL_OWN_REQUEST: r(403, APPROVAL_MESSAGES.ownRequest),
  APPROVAL_NOT_FOUND: r(404, APPROVAL_MESSAGES.notFound),
  // OPERATOR_MESSAGES (operators.ts)
  OPERATOR_UNDECLARED: r(403, OPERATOR_MESSAGES.undeclared),
  OPERATOR_NOT_FOUND: r(404, OPERATOR_MESSAGES.notFound),
  OPERATOR_DUPLICATE: r(409, OPERATOR_MESSAGES.duplicate),
  OPERATOR_LAST_OWNER: r(409, OPERATOR_MESSAGES.lastOwner),
  OPERATOR_NOT_YOURSELF: r(409, OPERATOR_MESSAGES.notYourself),
  OPERATOR_ALREADY_DISABLED: r(409, OPERATOR_MESSAGES.alreadyDisabled),
  // TICKET_MESSAGES (support.ts)
  TICKET_TYPE_REQUIRED: r(400, TICKET_MESSAGES.typeRequired),
  TICKET_SUBJECT_TOO_LONG: r(400, TICKET_MESSAGES.subjectTooLong),
  TICKET_BODY_REQUIRED: r(400, TICKET_MESSAGES.bodyRequired),
  TICKET_BODY_TOO_LONG: r(400, TICKET_MESSAGES.bodyTooLong),
  TICKET_ORDERS_INVALID: r(400, TICKET_MESSAGES.ordersInvalid),
  TICKET_TOO_MANY_ORDERS: r(400, TICKET_MESSAGES.tooManyOrders),
  TICKET_ORDERS_REQUIRED: r(400, TICKET_MESSAGES.ordersRequired),
  TICKET_FOREIGN_ORDERS: r(400, TICKET_MESSAGES.foreignOrders),
  TICKET_TOO_MANY_IMAGES: r(400, TICKET_MESSAGES.tooManyImages),
  TICKET_IMAGE_INVALID: r(400, TICKET_MESSAGES.imageInvalid),
  TICKET_TOO_MANY_OPEN: r(409, TICKET_MESSAGES.tooManyOpen),
  TICKET_NOT_FOUND: r(404, TICKET_MESSAGES.notFound),
  TICKET_ALREADY_CLOSED: r(400, TICKET_MESSAGES.alreadyClosed),
  TICKET_REPLY_REQUIRED: r(400, TICKET_MESSAGES.replyRequired),
  TICKET_ASSIGNEE_INVALID: r(400, TICKET_MESSAGES.assigneeInvalid),
  TICKET_IMAGE_NOT_OWN: r(400, TICKET_MESSAGES.imageNotOwn),
  TICKET_IMAGE_RATE: r(429, TICKET_MESSAGES.imageRate),
  TICKET_IMAGE_QUOTA: r(429, TICKET_MESSAGES.imageQuota),
  // WEBHOOK_MESSAGES (delivery.ts)
  WEBHOOK_URL_INVALID: r(400, WEBHOOK_MESSAGES.url),
  WEBHOOK_PRIVATE_ADDRESS: r(400, WEBHOOK_MESSAGES.privateAddress),
  WEBHOOK_HOST_UNRESOLVED: r(400, WEBHOOK_MESSAGES.unresolved),
  WEBHOOK_NOT_SET: r(409, WEBHOOK_MESSAGES.notSet),
  WEBHOOK_DELIVERY_NOT_FOUND: r(404, WEBHOOK_MESSAGES.notFound),
  WEBHOOK_PORT_NOT_ALLOWED: r(400, WEBHOOK_MESSAGES.port),
  WEBHOOK_TESTS_TOO_MANY: r(429, WEBHOOK_MESSAGES.tooManyTests),
  // LINK_MESSAGES (order-links.ts)
  LINK_INVALID: r(400, LINK_MESSAGES.invalid),
  // Providers (fulfilment): a key is only ever sent to the address it was entered for.
  PROVIDER_KEY_REQUIRED: r(
    400,
    '공급사 API 주소를 바꾸면 기존 API 키는 더 이상 쓰지 않습니다. 새 주소의 API 키를 입력해 주세요.',
  ),
  // CHARGE_BONUS_MESSAGES (charge-bonus.ts)
  CHARGE_BONUS_MIN_AMOUNT_INVALID: r(400, CHARGE_BONUS_MESSAGES.minAmountInvalid),
  CHARGE_BONUS_KIND_INVALID: r(400, CHARGE_BONUS_MESSAGES.kindInvalid),
  CHARGE_BONUS_PERCENT_INVALID: r(400, CHARGE_BONUS_MESSAGES.percentInvalid),
  CHARGE_BONUS_FIXED_INVALID: r(400, CHARGE_BONUS_MESSAGES.fixedInvalid),
  CHARGE_BONUS_METHOD_INVALID: r(400, CHARGE_BONUS_MESSAGES.methodInvalid),
  CHARGE_BONUS_ENABLED_INVALID: r(400, CHARGE_BONUS_MESSAGES.enabledInvalid),
  CHARGE_BONUS_DUPLICATE: r(409, CHARGE_BONUS_MESSAGES.duplicate),
  // MAINTENANCE_MESSAGES (maintenance.ts): SERVICE_CHECK is every refusal while the shop is in maintenance,
  // whatever message the operator wrote.
  SERVICE_CHECK: r(400, MAINTENANCE_MESSAGES.default),
  SERVICE_CHECK_MESSAGE_TOO_LONG: r(400, MAINTENANCE_MESSAGES.messageTooLong),
  SERVICE_CHECK_DATE_INVALID: r(400, MAINTENANCE_MESSAGES.dateInvalid),
  SERVICE_CHECK_UNTIL_BEFORE_FROM: r(400, MAINTENANCE_MESSAGES.untilBeforeFrom),
  SERVICE_CHECK_UNTIL_PASSED: r(400, MAINTENANCE_MESSAGES.untilPassed),
  // COUPON_MESSAGES (coupons.ts)
  COUPON_CODE_REQUIRED: r(400, COUPON_MESSAGES.codeRequired),
  COUPON_INVALID: r(400, COUPON_MESSAGES.invalid),
  COUPON_USED: r(409, COUPON_MESSAGES.used),
  COUPON_DISABLED: r(409, COUPON_MESSAGES.disabled),
  COUPON_NOT_STARTED: r(409, COUPON_MESSAGES.notStarted),
  COUPON_EXPIRED: r(409, COUPON_MESSAGES.expired),
  COUPON_EXHAUSTED: r(409, COUPON_MESSAGES.exhausted),
  COUPON_PER_MEMBER: r(409, COUPON_MESSAGES.perMember),
  COUPON_MIN_AMOUNT: r(400, COUPON_MESSAGES.minAmount),
  COUPON_NOT_FOR_SERVICE: r(400, COUPON_MESSAGES.notForService),
  COUPON_POINTS_ON_ORDER: r(400, COUPON_MESSAGES.pointsOnOrder),
  COUPON_DISCOUNT_ON_REDEEM: r(400, COUPON_MESSAGES.discountOnRedeem),
  COUPON_AUTO_ORDER: r(400, COUPON_MESSAGES.autoOrder),
  COUPON_NO_DISCOUNT: r(400, COUPON_MESSAGES.noDiscount),
  COUPON_THROTTLED: r(429, COUPON_MESSAGES.throttled),
  COUPON_UNAVAILABLE: r(400, COUPON_MESSAGES.unavailable),
  COUPON_DUPLICATE_CODE: r(409, COUPON_MESSAGES.duplicateCode),
  COUPON_BATCH_COUNT: r(400, COUPON_MESSAGES.count),
  // SERVICE_SPEED_MESSAGES (service-speed.ts): 즐겨찾기
  FAVORITE_SERVICE_NOT_FOUND: r(404, SERVICE_SPEED_MESSAGES.favoriteNotFound),
  FAVORITE_SERVICE_ID_INVALID: r(400, SERVICE_SPEED_MESSAGES.favoriteId),
  // Refusals with words of their own, named where they are raised (each with the status it always had).
  RECORD_NOT_FOUND: r(404, '찾을 수 없습니다.'),
  SESSION_EXPIRED: r(401, '세션이 만료되었습니다. 다시 로그인해 주세요.'),
  SESSION_NOT_FOUND: r(404, '세션을 찾을 수 없습니다.'),
  LOGIN_THROTTLED: r(429, '로그인 시도가 너무 많습니다. {wait} 후 다시 시도해 주세요.'),
  MEMBER_WITHDRAWN: r(409, '탈퇴한 회원입니다.'),
  CODE_NOT_SENT: r(400, IDENTITY_MESSAGES.codeNotSent),
  NAVER_UNREACHABLE: r(502, IDENTITY_MESSAGES.naverFailed),
  KAKAO_UNREACHABLE: r(502, IDENTITY_MESSAGES.kakaoFailed),
  SECOND_FACTOR_ALREADY_ENABLED: r(409, SECOND_FACTOR_MESSAGES.alreadyEnabled),
  SECOND_FACTOR_NOT_ENABLED: r(409, SECOND_FACTOR_MESSAGES.notEnabled),
  SECOND_FACTOR_NO_ENROLMENT: r(409, SECOND_FACTOR_MESSAGES.noEnrolment),
  SECOND_FACTOR_REQUIRED_FOR_ROLE: r(403, SECOND_FACTOR_MESSAGES.requiredForRole),
  // The code step of enrolment and switching off (409), beside the login's code step (401).
  SECOND_FACTOR_SETUP_CODE_WRONG: r(409, SECOND_FACTOR_MESSAGES.codeWrong),
  SECOND_FACTOR_SETUP_CODE_USED: r(409, SECOND_FACTOR_MESSAGES.codeUsed),
  BANK_ALERT_KEY_INVALID: r(401, '입금 알림 키가 올바르지 않습니다.'),
  CHARGE_ALREADY_PAID: r(409, '충전 #{id}은(는) 이미 포인트가 지급되었습니다.'),
  CHARGE_CHANGED_MEANWHILE: r(409, '다른 처리와 동시에 변경되었습니다. 새로고침 후 다시 확인해 주세요.'),
  CHARGE_MEMBER_DELETED: r(409, '탈퇴한 회원의 충전 요청이라 승인할 수 없습니다.'),
  CHARGE_EXPIRED: r(409, '입금 기한(3시간)이 지난 충전 요청입니다.'),
  CHARGE_NOT_EXPIRED: r(409, '충전 요청 #{id}의 입금 기한이 아직 지나지 않았습니다.'),
  CHARGE_REFUND_POINTS_TOO_LARGE: r(400, '환불할 수 있는 포인트를 넘었습니다.'),
  CHARGE_REFUND_AMOUNT_TOO_LARGE: r(400, '환불할 수 있는 금액을 넘었습니다.'),
  CHARGE_TOSS_ACCEPTS_ITSELF: r(409, '토스 결제 충전은 결제가 확인되면 자동으로 수락됩니다.'),
  CHARGE_TOSS_IN_PROGRESS: r(409, '토스 결제가 진행 중인 충전 요청은 거절할 수 없습니다.'),
  DEPOSIT_NOT_FOUND: r(404, '입금 내역을 찾을 수 없습니다.'),
  DEPOSIT_AMOUNT_MISMATCH: r(409, '입금액({amount}원)이 충전 요청 #{chargeId}의 입금할 금액({due}원)과 다릅니다.'),
  CATALOG_DUPLICATE: r(409, '이미 존재하는 항목입니다.'),
  CATALOG_IN_USE: r(409, '사용 중인 항목은 삭제할 수 없습니다. 숨김 처리해 주세요.'),
  CATALOG_IMPORT_INVALID: r(400, '{service}: {reason}'),
  SERVICE_CHANGE_NOT_FOUND: r(404, '변경 안내를 찾을 수 없습니다.'),
  CONTENT_GUIDE_IMAGE_DUPLICATE: r(409, '이 기기의 가이드 이미지가 이미 있습니다. 기존 항목을 수정해 주세요.'),
  COUPON_NOT_FOUND: r(404, '쿠폰을 찾을 수 없습니다.'),
  DELIVERY_NOT_RESENDABLE: r(
    409,
    '인증코드와 비밀번호 재설정 메일은 다시 보낼 수 없습니다. 회원이 새로 요청해야 합니다.',
  ),
  DISPATCH_RECORD_NOT_FOUND: r(404, '공급사 전송 기록이 없습니다.'),
  PROVIDER_NOT_FOUND: r(404, '공급사를 찾을 수 없습니다.'),
  // An operator's resend of a waiting order: its provider is gone (409, the order is there), off, or it was sent.
  ORDER_RESEND_PROVIDER_MISSING: r(409, '공급사를 찾을 수 없습니다.'),
  ORDER_RESEND_PROVIDER_DISABLED: r(409, '비활성화된 공급사입니다. 공급사를 활성화한 뒤 재전송하세요.'),
  ORDER_RESEND_NOT_WAITING: r(409, '공급사로 보내지 못한 대기 주문만 재전송할 수 있습니다.'),
  PROVIDER_HOST_UNRESOLVED: r(400, '공급사 API URL의 호스트를 찾을 수 없습니다.'),
  PROVIDER_PRIVATE_ADDRESS: r(
    400,
    '공급사 API URL이 내부망(사설·루프백·링크로컬) 주소를 가리킵니다. 외부에서 접근 가능한 주소를 입력해 주세요.',
  ),
  PROVIDER_IN_USE: r(409, '서비스나 진행 중인 주문이 연결된 공급사는 삭제할 수 없습니다. 비활성화해 주세요.'),
  PROVIDER_CATEGORY_MISSING: r(400, '카테고리를 찾을 수 없습니다: {ids}'),
  ORDER_CANCEL_NOT_RUNNING: r(409, '진행 중인 주문만 취소를 요청할 수 있습니다.'),
  ORDER_REMAINS_INVALID: r(400, '잔여 수량은 0 이상 {amount} 이하의 정수여야 합니다.'),
  AUTO_ORDER_NOT_DUE: r(409, '자동주문 {id}의 다음 회차는 아직 시작할 때가 아닙니다.'),
  SUBSCRIPTION_ENDED: r(409, '이미 종료된 구독입니다.'),
  REFILL_NOT_FOUND: r(404, '리필 요청을 찾을 수 없습니다.'),
  // The rate was saved but is gone when read back (a concurrent delete): 409, beside the 404 of a missing rate.
  PRICING_RATE_NOT_SAVED: r(409, PRICING_MESSAGES.rateMissing),
  // A receipt's edit form that does not parse (400), beside the 409 of a receipt past editing.
  RECEIPT_EDIT_REFUSED: r(400, RECEIPT_MESSAGES.notEditable),
  SETTING_UNKNOWN: r(404, '알 수 없는 설정입니다: {key}'),
  SETTING_INVALID: r(400, '{setting}: {reason}'),
  LIST_FILTER_UNKNOWN: r(400, '알 수 없는 목록 필터입니다: {key}'),
  LIST_FILTER_INVALID: r(400, "목록 필터 '{key}'의 값이 올바르지 않습니다. {reason}"),
  LIST_SORT_INVALID: r(400, '이 필드로는 정렬할 수 없습니다: {field}'),
  LIST_RANGE_INVALID: r(400, '범위(range)의 끝이 시작보다 앞에 있습니다.'),
  METRICS_TOKEN_REQUIRED: r(401, 'METRICS_TOKEN이 필요합니다.'),
  METRICS_LOCAL_ONLY: r(403, '지표는 이 서버 안에서만 볼 수 있습니다.'),
  // Billing, support and wallet refusals with a status or words of their own (each as it was always answered).
  // A Toss webhook for no Toss charge of ours (404), or whose payment belongs to another order (409).
  TOSS_WEBHOOK_CHARGE_UNKNOWN: r(404, TOSS_MESSAGES.webhookRefused),
  TOSS_WEBHOOK_OTHER_ORDER: r(409, TOSS_MESSAGES.webhookRefused),
  // Toss refused a refund's cancel: the payment is unknown to Toss (404), or not cancelable (409); Toss's words.
  TOSS_REFUND_PAYMENT_UNKNOWN: r(404, TOSS_MESSAGES.failed),
  TOSS_REFUND_REFUSED: r(409, TOSS_MESSAGES.failed),
  // Toss did not answer an operator's refund (502), beside the 503 of a webhook that cannot be checked.
  TOSS_UNREACHABLE: r(502, TOSS_MESSAGES.tossUnavailable),
  TICKET_ORDER_NOT_LINKED: r(404, '이 문의에 연결된 주문이 아닙니다.'),
  POINT_AMOUNT_INVALID: r(400, '금액은 1원 이상의 정수여야 합니다.'),
  POINT_ADJUSTMENT_ZERO: r(400, '조정 금액은 0일 수 없습니다.'),
  POINT_DEBT_NOT_FOUND: r(404, '미회수 포인트 기록을 찾을 수 없습니다.'),
  POINT_DEBT_CLOSED: r(409, '이미 정산되었거나 면제된 미회수 포인트입니다.'),
  ORDER_OUTSTANDING_DEBT: r(
    409,
    '결제 취소로 회수하지 못한 포인트 {outstanding}원이 남아 있어 주문할 수 없습니다. 포인트를 충전하면 자동으로 정산되며, 문의는 고객센터(1:1 문의)로 해 주세요.',
  ),
} as const satisfies Record<string, Refusal>;

export type ErrorCode = keyof typeof ERRORS;

/** Code → Korean message, for clients and tests that only need the words. */
export const ERROR_CODES = Object.fromEntries(
  Object.entries(ERRORS).map(([code, refusal]) => [code, refusal.message]),
) as { readonly [C in ErrorCode]: (typeof ERRORS)[C]['message'] };

/** The HTTP status a refusal is answered with: decided here, once. */
export const errorStatus = (code: ErrorCode): number => ERRORS[code].status;

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

const CODES_OF_MESSAGE = new Map<string, ErrorCode[]>();
for (const [code, { message }] of Object.entries(ERRORS) as [ErrorCode, Refusal][])
  CODES_OF_MESSAGE.set(message, [...(CODES_OF_MESSAGE.get(message) ?? []), code]);

/**
 * The code of one of the listed messages: the one answered with `status` when given and listed, else the first
 * listed. For words that arrive without a code: a schema's issue (zod) and the refusals not yet raised by code.
 */
export function errorCodeOf(message: string, status?: number): ErrorCode | undefined {
  const codes = CODES_OF_MESSAGE.get(message);
  return codes?.find((code) => ERRORS[code].status === status) ?? codes?.[0];
}
