import { DELIVERY_STATUS_LABELS, NOTICE_EVENT_LABELS, type DeliveryStatus } from './delivery.js';
import { ALERT_KIND_LABELS } from './statuses.js';

/**
 * Korean words for what the delivery engine records in English (event names, transport errors), for the
 * storefront's webhook log and the console's 발송 내역. The records themselves stay as they are.
 */
const EVENT_LABELS: Record<string, string> = {
  'order.updated': '주문 상태 변경',
  'refill.updated': '리필 상태 변경',
  'subscription.updated': '구독 상태 변경',
  'balance.changed': '잔액 변경',
  'webhook.test': '테스트 이벤트',
  'service.updated': '서비스 변경',
  ...NOTICE_EVENT_LABELS,
  'identity.email-code': '이메일 인증번호',
  'identity.phone-code': '휴대폰 인증번호',
  'identity.password-reset': '비밀번호 재설정',
  'identity.login-warning': '로그인 경고',
};

/** `order.updated` → 주문 상태 변경; an operator alert → 운영 알림 · its kind; an unknown name as it is. */
export function deliveryEventLabel(event: string): string {
  const known = EVENT_LABELS[event];
  if (known) return known;
  const alert = /^alert\.(.+)$/.exec(event)?.[1];
  const kind = alert ? (ALERT_KIND_LABELS as Record<string, string>)[alert] : undefined;
  return kind ? `운영 알림 · ${kind}` : event;
}

const TLS_WORDS: [RegExp, string][] = [
  [/ALTNAME|HOSTNAME/i, '보안 인증서(TLS)가 이 주소의 것이 아닙니다'],
  [/EXPIRED/i, '보안 인증서(TLS)가 만료되었습니다'],
  [/SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/i, '보안 인증서(TLS)를 신뢰할 수 없습니다 (자체 서명 등)'],
];

const CODE_WORDS: [RegExp, string][] = [
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME)$/, '수신 서버의 주소를 찾지 못했습니다 (DNS)'],
  [/^ECONNREFUSED$/, '수신 서버가 연결을 거부했습니다'],
  [/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/, '수신 서버가 연결을 끊었습니다'],
  [
    /^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|TimeoutError|AbortError)$/,
    '수신 서버가 제시간에 응답하지 않았습니다',
  ],
  [/^(EHOSTUNREACH|ENETUNREACH|EHOSTDOWN)$/, '수신 서버에 닿을 수 없습니다 (네트워크)'],
];

function codeLabel(code: string): string {
  if (/TLS|CERT|SSL/i.test(code))
    return TLS_WORDS.find(([re]) => re.test(code))?.[1] ?? '보안 연결(TLS)을 맺지 못했습니다';
  return CODE_WORDS.find(([re]) => re.test(code))?.[1] ?? `연결하지 못했습니다 (${code})`;
}

function httpLabel(status: number): string {
  if (status >= 300 && status < 400) return `다른 주소로 넘기는 응답(HTTP ${status})은 따라가지 않습니다`;
  if (status === 401 || status === 403) return `수신 서버가 요청을 거부했습니다 (HTTP ${status})`;
  if (status === 404) return '수신 서버에 이 주소가 없습니다 (HTTP 404)';
  if (status === 429) return '수신 서버가 요청이 너무 많다고 답했습니다 (HTTP 429)';
  if (status >= 500) return `수신 서버 오류 (HTTP ${status})`;
  return `수신 서버가 오류로 답했습니다 (HTTP ${status})`;
}

/**
 * Why a delivery failed, in Korean: a transport error as the sender records it (`unreachable (ECONNREFUSED)`,
 * `no answer within 5 s`, a TLS code), or the HTTP status the receiver answered (`status`, when it answered
 * one that is not 2xx). Null when there is nothing to explain (an answer of 2xx, or nothing recorded).
 */
export function deliveryFailureLabel(lastError: string | null | undefined, status?: number | null): string | null {
  if (status != null) return status >= 200 && status < 300 ? null : httpLabel(status);
  const text = (lastError ?? '').trim();
  if (!text) return null;
  if (/[가-힣]/.test(text)) return text;
  const code = /unreachable \(([^)]+)\)/i.exec(text)?.[1];
  if (code) return codeLabel(code);
  const seconds = /no answer within (\d+(?:\.\d+)?) ?s/i.exec(text)?.[1];
  if (seconds) return `수신 서버가 ${seconds}초 안에 응답하지 않았습니다`;
  if (/redirect not followed/i.test(text)) return '다른 주소로 넘기는 응답은 따라가지 않습니다';
  if (/not configured/i.test(text)) return '발송 수단이 설정되지 않았습니다';
  const bare = /\b(E[A-Z_]{3,}|UND_ERR_[A-Z_]+|ERR_[A-Z_]+)\b/.exec(text)?.[1];
  if (bare) return codeLabel(bare);
  return `발송하지 못했습니다 (${text.slice(0, 80)})`;
}

/**
 * A delivery's state for a person: PENDING after failed attempts is a retry waiting, not a first send
 * (발송 대기 after four failures read as if nothing had been tried).
 */
export function deliveryStateLabel({ status, attempts }: { status: DeliveryStatus; attempts: number }): string {
  if (status === 'PENDING' && attempts > 0) return `재시도 대기 (${attempts}회 실패)`;
  if (status === 'FAILED' && attempts > 0) return `실패 (${attempts}회 시도)`;
  return DELIVERY_STATUS_LABELS[status] ?? status;
}
