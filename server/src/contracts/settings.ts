/**
 * The site settings (docs/product.md §3 "Site setting"): every key with its kind, its area and its Korean label, in
 * the order the console shows them, and the choices of the two keys that take one of a list. The
 * server validates values by kind (settings module, setting-registry.ts); the console draws an input
 * by kind; the storefront reads keys typed from this list. Plain TypeScript.
 */

/** ENABLE_PAYMENT_TYPE: which receipts the charge form offers (charge.ts FEE_TYPES_BY_PAYMENT_TYPE). */
export const PAYMENT_TYPES = ['ALL', 'CASH_AND_FEE', 'FEE', 'CASH', 'NO_FEE'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_TYPE_LABELS = {
  ALL: '전체 (증빙 없음, 세금계산서, 현금영수증)',
  CASH_AND_FEE: '세금계산서 + 현금영수증',
  FEE: '세금계산서만',
  CASH: '현금영수증만',
  NO_FEE: '증빙 없음',
} as const satisfies Record<PaymentType, string>;

/** What becomes of a deleted member's balance: forfeited on the ledger, or kept on the account for a refund by hand. */
export const DELETION_BALANCE = ['FORFEIT', 'KEEP'] as const;
export type DeletionBalance = (typeof DELETION_BALANCE)[number];

export const DELETION_BALANCE_LABELS = {
  FORFEIT: '소멸 (원장에 탈퇴 소멸로 기록)',
  KEEP: '보관 (환불을 위해 잔액 유지)',
} as const satisfies Record<DeletionBalance, string>;

/** How a value is written and checked: a switch is a boolean, a numberList a list of won, the rest text. */
export const SETTING_KINDS = [
  'text',
  'switch',
  'paymentType',
  'numberList',
  'color',
  'url',
  'deletionBalance',
  'percent',
  'count',
  'hours',
  'siteName',
  'imageUrl',
  // 점검 모드 (maintenance.ts): an instant or '' for no bound, and the banner's message.
  'datetime',
  'maintenanceMessage',
] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

/** The areas of the console's settings form. */
export const SETTING_GROUPS = [
  'footer',
  'banking',
  'site',
  'switches',
  'payment',
  'social',
  'members',
  'alerts',
  'orders',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export interface SettingDefinition {
  key: string;
  kind: SettingKind;
  group: SettingGroup;
  label: string;
}

const def = <const K extends string, const T extends SettingKind>(
  key: K,
  kind: T,
  group: SettingGroup,
  label: string,
) => ({ key, kind, group, label });

/** Every setting, in the order the console shows them. */
export const SETTINGS = [
  def('FOOTER_COMPANY', 'text', 'footer', '상호'),
  def('FOOTER_CEO', 'text', 'footer', '대표자'),
  def('FOOTER_CORPORATION_MARKET_NUMBER', 'text', 'footer', '통신판매업 신고번호'),
  def('FOOTER_CEO_PHONE_NUMBER', 'text', 'footer', '전화번호'),
  def('FOOTER_ADDRESS', 'text', 'footer', '주소'),
  def('FOOTER_CORPORATION_NUMBER', 'text', 'footer', '사업자등록번호'),
  def('BANKING_NAME', 'text', 'banking', '은행명'),
  def('BANKING_ACCOUNT_NUMBER', 'text', 'banking', '계좌번호'),
  def('BANKING_DISPLAY_TEXT', 'text', 'banking', '예금주 안내 문구'),
  def('BANKING_BANKING_CODE', 'text', 'banking', '은행 코드'),
  def('SITE_KAKAO_CHANNEL_LINK', 'url', 'site', '카카오 채널 링크'),
  def('SITE_KAKAO_TEXT', 'text', 'site', '카카오 채널 문구'),
  def('SITE_MAIN_COLOR', 'color', 'site', '메인 색상'),
  // The brand (brand.ts): an unset name reads as "SMM 패널", an unset logo as the lettered mark.
  def('SITE_NAME', 'siteName', 'site', '쇼핑몰 이름'),
  def('SITE_LOGO_URL', 'imageUrl', 'site', '로고 이미지'),
  def('ENABLE_SERVICE_CHECK', 'switch', 'switches', '서비스 점검'),
  def('ENABLE_PHONE_NUMBER', 'switch', 'switches', '휴대전화 인증'),
  def('ENABLE_EMAIL_VERIFY', 'switch', 'switches', '이메일 인증'),
  def('ENABLE_REFERRAL', 'switch', 'switches', '추천인 코드'),
  def('ENABLE_VISIBLE_SERVICE_ID', 'switch', 'switches', '서비스 번호 표시'),
  def('ENABLE_QNA', 'switch', 'switches', '자주묻는질문'),
  def('ENABLE_TOSS_PAYMENT', 'switch', 'switches', '토스 결제'),
  def('REFERRAL_RATE', 'percent', 'payment', '추천인 적립률(%)'),
  def('ENABLE_PAYMENT_FEE', 'switch', 'payment', '세금계산서 부가세 10% 별도'),
  def('ENABLE_PAYMENT_TYPE', 'paymentType', 'payment', '결제 증빙 유형'),
  def('POINT_CHARGE_BUTTON_OPTIONS', 'numberList', 'payment', '충전 금액 버튼'),
  def('ENABLE_SNS_NAVER', 'switch', 'social', '네이버 로그인'),
  def('NAVER_CLIENT_ID', 'text', 'social', '네이버 Client ID'),
  def('NAVER_STATE', 'text', 'social', '네이버 state'),
  def('NAVER_REDIRECT_URL', 'url', 'social', '네이버 Redirect URL'),
  def('ENABLE_SNS_KAKAO', 'switch', 'social', '카카오 로그인'),
  def('KAKAO_TOKEN', 'text', 'social', '카카오 JavaScript 키'),
  def('MEMBER_DELETION_BALANCE', 'deletionBalance', 'members', '탈퇴 회원 잔여 포인트'),
  // Operator alerts (README "Operator alerts"); '' reads as the default (balance: off, errors: 5).
  def('ALERT_PROVIDER_BALANCE_MIN', 'count', 'alerts', '공급사 잔액 알림 기준(원)'),
  def('ALERT_PROVIDER_ERRORS', 'count', 'alerts', '공급사 연속 오류 알림 횟수'),
  def('REFILL_COOLDOWN_HOURS', 'hours', 'orders', '리필 재요청 간격(시간)'),
  // KakaoTalk 알림톡 template ids per customer notice (contracts/delivery.ts); '' sends that notice by SMS instead.
  def('ALIMTALK_TEMPLATE_CHARGE_COMPLETED', 'text', 'alerts', '알림톡 템플릿: 충전 완료'),
  def('ALIMTALK_TEMPLATE_ORDER_COMPLETED', 'text', 'alerts', '알림톡 템플릿: 주문 완료'),
  def('ALIMTALK_TEMPLATE_ORDER_PARTIAL', 'text', 'alerts', '알림톡 템플릿: 주문 부분 완료'),
  def('ALIMTALK_TEMPLATE_ORDER_CANCELED', 'text', 'alerts', '알림톡 템플릿: 주문 취소'),
  def('ALIMTALK_TEMPLATE_REFILL_COMPLETED', 'text', 'alerts', '알림톡 템플릿: 리필 완료'),
  def('ALIMTALK_TEMPLATE_TICKET_ANSWERED', 'text', 'alerts', '알림톡 템플릿: 문의 답변'),
  // Price sync hides a service that would sell below cost; '' completion threshold reads as 80 %.
  def('PRICE_SYNC_HIDE_BELOW_COST', 'switch', 'alerts', '원가 이하 상품 자동 숨김'),
  // A provider rate moving further than this in one sync (or to 0) is held for an operator; '' reads as 50.
  def('PRICE_SYNC_MAX_CHANGE_PERCENT', 'count', 'alerts', '가격 동기화 자동 반영 한도(1회 변동 ±%)'),
  def('ALERT_PROVIDER_COMPLETION_MIN', 'count', 'alerts', '공급사 완료율 알림 기준(%)'),
  // Two-person approval (approvals.ts); '' reads as 100,000 won.
  def('APPROVAL_THRESHOLD', 'count', 'payment', '2인 승인 기준 금액(원)'),
  // 점검 모드 beside the 서비스 점검 switch (maintenance.ts: the switch arms it, the window narrows it).
  def('SERVICE_CHECK_MESSAGE', 'maintenanceMessage', 'switches', '점검 안내 문구'),
  def('SERVICE_CHECK_FROM', 'datetime', 'switches', '점검 시작 (한국 시간, 비우면 바로)'),
  def('SERVICE_CHECK_UNTIL', 'datetime', 'switches', '점검 종료 예정 (한국 시간, 비우면 끌 때까지)'),
  // 서비스 변경 안내 to members who ordered a changed service in the last 30 days (one digest a day); off by default.
  def('SERVICE_CHANGE_NOTICE', 'switch', 'alerts', '서비스 변경 안내 발송 (최근 30일 주문 회원)'),
  def('ALIMTALK_TEMPLATE_SERVICE_CHANGED', 'text', 'alerts', '알림톡 템플릿: 서비스 변경 안내'),
] as const satisfies readonly SettingDefinition[];

type Setting = (typeof SETTINGS)[number];
export type SettingKey = Setting['key'];
export type SettingKindOf<K extends SettingKey> = Extract<Setting, { key: K }>['kind'];
/** The keys of one kind (`SettingKeyOfKind<'switch'>`: every on/off switch). */
export type SettingKeyOfKind<T extends SettingKind> = Extract<Setting, { kind: T }>['key'];
export type SwitchSettingKey = SettingKeyOfKind<'switch'>;
export type NumberListSettingKey = SettingKeyOfKind<'numberList'>;
/** Keys whose value is text (every kind but switches and number lists). */
export type TextSettingKey = Exclude<SettingKey, SwitchSettingKey | NumberListSettingKey>;

export type SettingValue = string | boolean | number[];
/** The value a key holds: a switch a boolean, a number list won amounts, any other kind text. */
export type SettingValueOf<K extends SettingKey> =
  SettingKindOf<K> extends 'switch' ? boolean : SettingKindOf<K> extends 'numberList' ? number[] : string;

/** One row of `GET /api/admin/settings` (and the answer to a change): the definition with its value. */
export interface SettingView extends SettingDefinition {
  id: string;
  value: SettingValue;
}

/** One row of `GET /api/service/settings` (docs/product.md §7: a list of {key, value}). */
export interface PublicSetting {
  key: SettingKey;
  value: unknown;
}
