import type { TranslationMessages } from 'ra-core';
import { raKorean } from './ra-ko';

const common = { id: '번호', createdAt: '생성일시', updatedAt: '수정일시', memberId: '회원', sortOrder: '정렬 순서', q: '검색' };
const order = {
  ...common,
  createdAt: '주문일시',
  serviceId: '상품',
  link: '링크',
  point: '사용 금액',
  amount: '수량',
  serviceType: '상품 유형',
  comments: '댓글 (한 줄에 하나)',
  status: '상태',
  startCount: '주문 전 수량',
  remains: '남은 수량',
  runs: '회차',
  completed: '완료 회차',
  interval: '간격(분)',
  providerId: '공급사',
  providerOrderId: '공급사 주문번호',
  lastError: '공급사 오류',
  refunded: '환불된 포인트',
  runNumber: '회차 번호',
  dispatchAttempts: '전송 시도',
  lastSyncedAt: '마지막 동기화',
  autoOrderId: '자동주문',
  nextRunAt: '다음 실행',
  createdAt_gte: '주문일 (부터)',
  createdAt_lte: '주문일 (까지)',
};

/** The console in Korean: react-admin's messages plus every resource's name and field labels. */
export const ko: TranslationMessages = {
  ...raKorean,
  resources: {
    charges: {
      name: '충전 요청',
      fields: { ...common, createdAt: '요청일시', depositorName: '입금자명', point: '충전 포인트', depositAmount: '입금할 금액', feeType: '증빙 유형', feeValue: '증빙 정보', status: '상태', responseAt: '처리일시', resolvedBy: '처리자', method: '결제 수단', tossMethod: '토스 결제 수단', tossPaymentKey: '토스 paymentKey', tossStatus: '토스 결제 상태', virtualAccount: '가상계좌', refundedPoint: '환불된 포인트', refundedAmount: '환불된 금액', tossFailure: '토스 실패 사유', expiresAt: '자동 취소까지' },
    },
    deposits: {
      name: '입금 내역',
      fields: { ...common, depositedAt: '입금일시', depositorName: '입금자명', amount: '입금액', status: '상태', reason: '미매칭 사유', chargeId: '매칭된 충전', bankTransactionId: '거래 번호' },
    },
    orders: { name: '주문', fields: order },
    refills: {
      name: '리필 요청',
      fields: { ...common, createdAt: '요청일시', orderId: '주문', memberId: '회원', providerId: '공급사', providerRefillId: '공급사 리필번호', status: '상태', reason: '거절 사유', open: '진행 중만' },
    },
    'auto-orders': { name: '자동주문', fields: { ...order, point: '총 사용 금액', amount: '회차당 수량' } },
    members: {
      name: '회원',
      fields: {
        ...common,
        createdAt: '가입일시',
        loginId: '아이디',
        email: '이메일',
        phone: '휴대전화',
        point: '보유 포인트',
        status: '상태',
        registerWhere: '가입경로',
        referralCode: '추천인 코드',
        socialProviders: '소셜 로그인',
        hasApiKey: 'API 키 발급',
        deletedAt: '탈퇴일시',
      },
    },
    referrals: {
      name: '추천 적립',
      fields: { ...common, chargeId: '충전 요청', referrerId: '추천인', referredId: '추천받은 회원', rate: '적립률(%)', amount: '적립 포인트', reclaimed: '회수한 포인트', unrecovered: '회수하지 못한 포인트' },
    },
    'ledger-entries': {
      name: '포인트 원장',
      fields: { ...common, amount: '금액', balanceAfter: '변동 후 잔액', kind: '구분', referenceType: '참조 유형', referenceId: '참조 번호', memo: '메모' },
    },
    platforms: { name: '플랫폼', fields: { ...common, id: '식별자', text: '이름', visible: '노출', bgColor: '배경색' } },
    categories: { name: '카테고리', fields: { ...common, platform: '플랫폼', text: '이름' } },
    services: {
      name: '상품',
      fields: {
        ...common,
        categoryId: '카테고리',
        text: '상품명',
        point: '단가 (포인트)',
        min: '최소 수량',
        max: '최대 수량',
        notice: '설명',
        enableAuto: '자동주문 허용',
        type: '유형',
        refill: '리필 제공',
        refillDays: '리필 기간 (일)',
        cancel: '진행 중 취소 가능',
        isReadOnly: '주문 불가',
        visible: '노출',
        providerId: '공급사',
        providerServiceId: '공급사 서비스 번호',
      },
    },
    providers: {
      name: '공급사',
      fields: { ...common, name: '이름', apiUrl: 'API 주소', apiKey: 'API 키', hasKey: 'API 키', enabled: '사용', timeoutMs: '시간 제한 (ms)' },
    },
    notices: { name: '공지사항', fields: { ...common, content: '내용', isTop: '상단 고정', bgColor: '배경색' } },
    faqs: { name: '자주묻는질문', fields: { ...common, title: '질문', answer: '답변' } },
    popups: { name: '팝업', fields: { ...common, imageUrl: '이미지', enabled: '사용' } },
    'register-wheres': { name: '가입경로', fields: { ...common, text: '가입경로' } },
    'guide-images': { name: '링크 입력 가이드', fields: { ...common, device: '화면', imageUrl: '이미지' } },
    settings: { name: '사이트 설정', fields: { key: '키', value: '값' } },
    outbox: {
      name: '메일·SMS 발송함',
      fields: { ...common, channel: '채널', recipient: '수신자', subject: '제목', body: '내용', status: '상태', error: '오류' },
    },
    'login-attempts': { name: '로그인 기록', fields: { ...common, createdAt: '일시', kind: '구분', loginId: '아이디', ip: 'IP 주소', result: '결과' } },
    alerts: {
      name: '운영자 알림',
      fields: { ...common, kind: '종류', text: '내용', status: '상태', attempts: '시도', sentAt: '발송 일시', lastError: '마지막 오류' },
    },
    'audit-logs': {
      name: '감사 로그',
      fields: { ...common, createdAt: '일시', operatorLoginId: '운영자', action: '작업', resource: '자원', resourceId: '대상 번호', before: '변경 전', after: '변경 후' },
    },
  },
};
