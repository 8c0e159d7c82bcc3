import { deliveryEventLabel, deliveryFailureLabel, deliveryStateLabel } from './delivery-wording.js';

describe('delivery wording', () => {
  it('names events in Korean, operator alerts by their kind, unknown names as they are', () => {
    expect(deliveryEventLabel('order.updated')).toBe('주문 상태 변경');
    expect(deliveryEventLabel('webhook.test')).toBe('테스트 이벤트');
    expect(deliveryEventLabel('charge.completed')).toBe('충전 완료');
    expect(deliveryEventLabel('alert.NEW_TICKET')).toBe('운영 알림 · 새 1:1 문의');
    expect(deliveryEventLabel('something.else')).toBe('something.else');
  });

  it('says why a delivery failed: TLS, DNS, refused, timeout, HTTP status', () => {
    expect(deliveryFailureLabel('unreachable (ERR_TLS_CERT_ALTNAME_INVALID)')).toBe(
      '보안 인증서(TLS)가 이 주소의 것이 아닙니다',
    );
    expect(deliveryFailureLabel('unreachable (CERT_HAS_EXPIRED)')).toBe('보안 인증서(TLS)가 만료되었습니다');
    expect(deliveryFailureLabel('unreachable (DEPTH_ZERO_SELF_SIGNED_CERT)')).toBe(
      '보안 인증서(TLS)를 신뢰할 수 없습니다 (자체 서명 등)',
    );
    expect(deliveryFailureLabel('unreachable (ENOTFOUND)')).toBe('수신 서버의 주소를 찾지 못했습니다 (DNS)');
    expect(deliveryFailureLabel('unreachable (ECONNREFUSED)')).toBe('수신 서버가 연결을 거부했습니다');
    expect(deliveryFailureLabel('Telegram unreachable (TimeoutError)')).toBe(
      '수신 서버가 제시간에 응답하지 않았습니다',
    );
    expect(deliveryFailureLabel('no answer within 5 s')).toBe('수신 서버가 5초 안에 응답하지 않았습니다');
    expect(deliveryFailureLabel('{"error":"boom"}', 500)).toBe('수신 서버 오류 (HTTP 500)');
    expect(deliveryFailureLabel('', 404)).toBe('수신 서버에 이 주소가 없습니다 (HTTP 404)');
    expect(deliveryFailureLabel('redirect not followed: https://x ', 302)).toBe(
      '다른 주소로 넘기는 응답(HTTP 302)은 따라가지 않습니다',
    );
    expect(deliveryFailureLabel('{"received":true}', 200)).toBeNull();
    expect(deliveryFailureLabel(null)).toBeNull();
    expect(deliveryFailureLabel('웹훅 URL이 삭제되었습니다.')).toBe('웹훅 URL이 삭제되었습니다.');
    expect(deliveryFailureLabel('connect EHOSTUNREACH 10.0.0.1:443')).toBe('수신 서버에 닿을 수 없습니다 (네트워크)');
  });

  it('tells a retry waiting after failures from a first send', () => {
    expect(deliveryStateLabel({ status: 'PENDING', attempts: 0 })).toBe('발송 대기');
    expect(deliveryStateLabel({ status: 'PENDING', attempts: 4 })).toBe('재시도 대기 (4회 실패)');
    expect(deliveryStateLabel({ status: 'FAILED', attempts: 12 })).toBe('실패 (12회 시도)');
    expect(deliveryStateLabel({ status: 'SENT', attempts: 1 })).toBe('발송됨');
  });
});
