// A loopback server speaking Toss Payments' documented protocol, built from Toss's public docs: the
// core API (POST /v1/payments/confirm, GET /v1/payments/{paymentKey}, POST /v1/payments/{paymentKey}/cancel,
// secret key as HTTP Basic "secretKey:", error bodies {code, message}), the virtual account a
// VIRTUAL_ACCOUNT payment issues (WAITING_FOR_DEPOSIT, virtualAccount{...}, secret) and the webhooks
// Toss posts (DEPOSIT_CALLBACK {createdAt, secret, orderId, status, transactionKey}; PAYMENT_STATUS_CHANGED
// {eventType, createdAt, data: Payment}). It also serves a stand-in for the SDK v2 script
// (js.tosspayments.com/v2/standard) and a stand-in payment window, for the browser journey.
// Cash receipts (현금영수증) from the same reference: POST /v1/cash-receipts {amount, orderId (6–64 of
// [A-Za-z0-9-_.]), orderName (≤ 100), customerIdentityNumber, type 소득공제|지출증빙} answers a CashReceipt
// {receiptKey, issueNumber, issueStatus IN_PROGRESS, transactionType CONFIRM, receiptUrl, ...}; POST
// /v1/cash-receipts/{receiptKey}/cancel {amount?} (none: all that is left) answers it with transactionType CANCEL.
// Refusals are {code, message} (400 INVALID_REQUEST for a missing field or a number that is neither a mobile
// phone, a business number nor a card; 404 for an unknown receipt); the Idempotency-Key header replays the first
// answer. Tests can make the next answers fail (5xx) or get lost (the work done, the answer never sent).
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { listener, readBody } from './loopback.js';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './test-app.js';

export type TossStatus =
  'READY' | 'IN_PROGRESS' | 'WAITING_FOR_DEPOSIT' | 'DONE' | 'CANCELED' | 'PARTIAL_CANCELED' | 'ABORTED' | 'EXPIRED';

export interface FakePayment {
  paymentKey: string;
  orderId: string;
  orderName: string;
  status: TossStatus;
  method: string;
  totalAmount: number;
  balanceAmount: number;
  secret: string | null;
  virtualAccount: {
    accountNumber: string;
    bankCode: string;
    customerName: string;
    dueDate: string;
    accountType: string;
    refundStatus: string;
    expired: boolean;
    settlementStatus: string;
  } | null;
  cashReceipt: { type: string } | null;
  cancels: { cancelAmount: number; cancelReason: string; transactionKey: string; canceledAt: string }[] | null;
  requestedAt: string;
  approvedAt: string | null;
}

export interface FakeCashReceipt {
  receiptKey: string;
  issueNumber: string;
  orderId: string;
  orderName: string;
  type: string;
  customerIdentityNumber: string;
  amount: number;
  /** What is left after partial cancels. */
  balance: number;
  canceled: number[];
}

export interface TossCall {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a partner's request body as parsed JSON; tests read the fields they sent
  body: any;
}

const METHOD_NAMES: Record<string, string> = { CARD: '카드', TRANSFER: '계좌이체', VIRTUAL_ACCOUNT: '가상계좌' };

export interface FakeToss {
  url: string;
  clientKey: string;
  secretKey: string;
  calls: TossCall[];
  payments: Map<string, FakePayment>;
  /** Where Toss posts webhooks (our /api/toss/webhook). */
  webhookUrl: string | null;
  /** The payment window: the buyer authenticated a payment of `amount` for `orderId`; answers its paymentKey. */
  authorize(
    orderId: string,
    amount: number,
    method: 'CARD' | 'TRANSFER' | 'VIRTUAL_ACCOUNT',
    orderName?: string,
  ): string;
  /** The next confirm is refused with this error (a card company declining): the payment is ABORTED. */
  refuseNextConfirm(code: string, message: string): void;
  /** The next confirm is processed but answered only after `ms` (longer than the shop waits). */
  delayNextConfirm(ms: number): void;
  /** The buyer deposits into the virtual account: DONE, then the DEPOSIT_CALLBACK webhook. Answers the webhook's HTTP status. */
  deposit(paymentKey: string): Promise<number>;
  /** The virtual account's due date passed: EXPIRED, then PAYMENT_STATUS_CHANGED. */
  expire(paymentKey: string): Promise<number>;
  /**
   * A cancel the shop did not make (Toss's dashboard, a chargeback): `amount` (all that is left when
   * omitted) comes off the payment, CANCELED or PARTIAL_CANCELED, then PAYMENT_STATUS_CHANGED is posted
   * unless `notify` is false. Answers the webhook's HTTP status (0 when not posted).
   */
  cancelElsewhere(paymentKey: string, amount?: number, reason?: string, notify?: boolean): Promise<number>;
  /** Posts a webhook body as Toss would (tests use it for repeats, out-of-order and forged deliveries). */
  postWebhook(body: object): Promise<number>;
  /** Cash receipts issued, by receiptKey. */
  cashReceipts: Map<string, FakeCashReceipt>;
  /** The next `count` cash-receipt calls answer HTTP `status` (a 5xx: Toss is down) without doing anything. */
  failNextCashReceipts(count: number, status?: number): void;
  /** The next cash-receipt call is carried out but its answer is lost (the connection drops). */
  loseNextCashReceiptAnswer(): void;
  close(): Promise<void>;
}

const key = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;
const kst = (date: Date) =>
  new Date(date.getTime() + 9 * 3600_000)
    .toISOString()
    .replace('Z', '+09:00')
    .replace(/\.\d{3}/, '');

/** The stand-in SDK: `TossPayments(clientKey).payment({customerKey}).requestPayment({...})` redirects to the window. */
function sdkScript(origin: string): string {
  return `(function () {
  window.TossPayments = function (clientKey) {
    return {
      payment: function (init) {
        return {
          requestPayment: function (p) {
            var q = new URLSearchParams({ clientKey: clientKey, customerKey: init.customerKey, method: p.method, amount: String(p.amount.value),
              currency: p.amount.currency, orderId: p.orderId, orderName: p.orderName, successUrl: p.successUrl, failUrl: p.failUrl,
              cashReceipt: ((p.transfer || p.virtualAccount || {}).cashReceipt || {}).type || '' });
            window.location.href = ${JSON.stringify(origin)} + '/window?' + q.toString();
            return new Promise(function () {});
          }
        };
      }
    };
  };
})();`;
}

function windowPage(q: URLSearchParams): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const hidden = [...q.entries()].map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('');
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>토스페이먼츠 결제창 (테스트)</title><style>body{font-family:sans-serif;margin:0;padding:24px;background:#f4f6f8}main{background:#fff;border-radius:12px;padding:20px}
h1{font-size:18px}button{display:block;width:100%;margin-top:12px;padding:14px;border-radius:8px;border:0;font-size:16px}.pay{background:#3182f6;color:#fff}</style></head>
<body><main><h1>토스페이먼츠 (테스트 결제창)</h1><p>${esc(q.get('orderName') ?? '')}</p><p><strong>${Number(q.get('amount')).toLocaleString('ko-KR')}원</strong> · ${esc(METHOD_NAMES[q.get('method') ?? ''] ?? '')}</p>
<form method="post" action="/window/pay">${hidden}<button class="pay" type="submit" name="action" value="pay">결제하기</button><button type="submit" name="action" value="cancel">취소</button></form></main></body></html>`;
}

export async function startFakeToss(): Promise<FakeToss> {
  const clientKey = 'test_ck_fake0000000000000000';
  const secretKey = 'test_sk_fake0000000000000000';
  const payments = new Map<string, FakePayment>();
  const calls: TossCall[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let refusal: { code: string; message: string } | null = null;
  let delay = 0;
  const cashReceipts = new Map<string, FakeCashReceipt>();
  const cashIdempotent = new Map<string, { status: number; body: unknown }>();
  let cashFailures: { count: number; status: number } = { count: 0, status: 503 };
  let loseCashAnswer = false;

  const fake = {} as FakeToss;
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, code: string, message: string) =>
    send(response, status, { code, message });
  const view = (p: FakePayment) => ({
    ...p,
    mId: 'tvivarepublica',
    version: '2022-11-16',
    currency: 'KRW',
    type: 'NORMAL',
  });

  async function postWebhook(body: object): Promise<number> {
    if (!fake.webhookUrl) throw new Error('webhookUrl is not set');
    const res = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    return res.status;
  }

  function approve(p: FakePayment): void {
    if (p.method === '가상계좌') {
      p.status = 'WAITING_FOR_DEPOSIT';
      p.secret = key('ps_');
      const due = new Date(Date.now() + 7 * 24 * 3600_000);
      p.virtualAccount = {
        accountNumber: `X${randomBytes(6).readUIntBE(0, 6).toString().slice(0, 13)}`,
        bankCode: '20',
        customerName: '김토스',
        dueDate: kst(due),
        accountType: '일반',
        refundStatus: 'NONE',
        expired: false,
        settlementStatus: 'INCOMPLETED',
      };
    } else {
      p.status = 'DONE';
      p.approvedAt = kst(new Date());
    }
  }

  const cashView = (r: FakeCashReceipt, transactionType: 'CONFIRM' | 'CANCEL', amount: number) => ({
    mId: 'tvivarepublica',
    receiptKey: r.receiptKey,
    issueNumber: r.issueNumber,
    issueStatus: 'IN_PROGRESS',
    amount,
    taxFreeAmount: 0,
    orderId: r.orderId,
    orderName: r.orderName,
    type: r.type,
    transactionType,
    businessNumber: '1234567890',
    customerIdentityNumber: r.customerIdentityNumber,
    failure: null,
    requestedAt: kst(new Date()),
    receiptUrl: `https://dashboard.tosspayments.com/receipt/mids/si_tvivarepublica/orders/${r.orderId}/cash-receipt`,
  });

  /** The cash-receipt endpoints; answers false when the path is not one of them. */
  function cashReceiptCall(
    request: { method?: string; headers: Record<string, string | string[] | undefined> },
    path: string,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the request body as parsed JSON
    body: any,
    response: ServerResponse,
  ): boolean {
    const cancel = /^\/v1\/cash-receipts\/([^/]+)\/cancel$/.exec(path);
    if (request.method !== 'POST' || (path !== '/v1/cash-receipts' && !cancel)) return false;
    if (cashFailures.count > 0) {
      cashFailures.count--;
      send(response, cashFailures.status, {
        code: 'FAILED_INTERNAL_SYSTEM_PROCESSING',
        message: '내부 시스템 처리 작업이 실패했습니다. 잠시 후 다시 시도해주세요.',
      });
      return true;
    }
    const idem = request.headers['idempotency-key'] as string | undefined;
    const answer = (status: number, b: unknown) => {
      if (idem) cashIdempotent.set(idem, { status, body: b });
      if (loseCashAnswer) {
        loseCashAnswer = false;
        response.destroy();
        return;
      }
      send(response, status, b);
    };
    if (idem && cashIdempotent.has(idem)) {
      const first = cashIdempotent.get(idem)!;
      answer(first.status, first.body);
      return true;
    }
    if (cancel) {
      const r = cashReceipts.get(decodeURIComponent(cancel[1]!));
      if (!r) {
        answer(404, { code: 'NOT_FOUND_CASH_RECEIPT', message: '존재하지 않는 현금영수증입니다.' });
        return true;
      }
      const amount = body?.amount === undefined ? r.balance : Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > r.balance) {
        answer(400, { code: 'INVALID_REQUEST', message: '취소 금액이 현금영수증의 남은 금액보다 큽니다.' });
        return true;
      }
      r.balance -= amount;
      r.canceled.push(amount);
      answer(200, cashView(r, 'CANCEL', amount));
      return true;
    }
    const amount = Number(body?.amount);
    const orderId = String(body?.orderId ?? '');
    const identity = String(body?.customerIdentityNumber ?? '');
    if (
      !Number.isInteger(amount) ||
      amount <= 0 ||
      !/^[A-Za-z0-9_.-]{6,64}$/.test(orderId) ||
      !body?.orderName ||
      String(body.orderName).length > 100 ||
      !['소득공제', '지출증빙'].includes(body?.type)
    ) {
      answer(400, { code: 'INVALID_REQUEST', message: '잘못된 요청입니다.' });
      return true;
    }
    // A mobile phone (01x, 10–11 digits), a business number (10) or a cash-receipt card (13–19).
    if (!/^01\d{8,9}$|^\d{10}$|^\d{13,19}$/.test(identity)) {
      answer(400, {
        code: 'INVALID_REQUEST',
        message: '현금영수증 발급 번호(휴대폰 번호, 사업자등록번호, 카드번호)가 올바르지 않습니다.',
      });
      return true;
    }
    const r: FakeCashReceipt = {
      receiptKey: key('cr_'),
      issueNumber: String(100_000_000 + cashReceipts.size * 7 + 1).slice(0, 9),
      orderId,
      orderName: String(body.orderName),
      type: body.type,
      customerIdentityNumber: identity,
      amount,
      balance: amount,
      canceled: [],
    };
    cashReceipts.set(r.receiptKey, r);
    answer(200, cashView(r, 'CONFIRM', amount));
    return true;
  }

  const server = createServer(
    listener(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(request);
      // The SDK stand-in and the window (what the browser sees).
      if (request.method === 'GET' && url.pathname === '/v2/standard') {
        response
          .writeHead(200, {
            'content-type': 'application/javascript; charset=utf-8',
            'access-control-allow-origin': '*',
          })
          .end(sdkScript(fake.url));
        return;
      }
      if (request.method === 'GET' && url.pathname === '/window') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(windowPage(url.searchParams));
        return;
      }
      if (request.method === 'POST' && url.pathname === '/window/pay') {
        const form = new URLSearchParams(raw);
        const orderId = form.get('orderId') ?? '';
        if (form.get('action') === 'pay') {
          const paymentKey = fake.authorize(
            orderId,
            Number(form.get('amount')),
            form.get('method') as 'CARD',
            form.get('orderName') ?? '',
          );
          const cash = form.get('cashReceipt');
          if (cash) payments.get(paymentKey)!.cashReceipt = { type: cash };
          const target = new URL(form.get('successUrl')!);
          target.search = new URLSearchParams({
            paymentType: 'NORMAL',
            orderId,
            paymentKey,
            amount: form.get('amount')!,
          }).toString();
          response.writeHead(302, { location: target.toString() }).end();
        } else {
          const target = new URL(form.get('failUrl')!);
          target.search = new URLSearchParams({
            code: 'PAY_PROCESS_CANCELED',
            message: '사용자에 의해 결제가 취소되었습니다.',
            orderId,
          }).toString();
          response.writeHead(302, { location: target.toString() }).end();
        }
        return;
      }

      const body = raw ? JSON.parse(raw) : null;
      calls.push({
        method: request.method ?? '',
        path: url.pathname,
        authorization: request.headers.authorization,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        body,
      });
      if (request.headers.authorization !== `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`) {
        return error(response, 401, 'UNAUTHORIZED_KEY', '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.');
      }
      if (cashReceiptCall(request, url.pathname, body, response)) return;
      if (request.method === 'POST' && url.pathname === '/v1/payments/confirm') {
        const p = payments.get(body?.paymentKey);
        if (!p)
          return error(
            response,
            404,
            'NOT_FOUND_PAYMENT_SESSION',
            '결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.',
          );
        if (p.orderId !== body.orderId || p.totalAmount !== Number(body.amount))
          return error(response, 400, 'INVALID_REQUEST', '잘못된 요청입니다.');
        if (p.status !== 'IN_PROGRESS')
          return error(response, 400, 'ALREADY_PROCESSED_PAYMENT', '이미 처리된 결제 입니다.');
        if (refusal) {
          const r = refusal;
          refusal = null;
          p.status = 'ABORTED';
          return error(response, 403, r.code, r.message);
        }
        approve(p);
        const wait = delay;
        delay = 0;
        if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!response.destroyed) send(response, 200, view(p));
        return;
      }
      const read = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && read) {
        const p = payments.get(decodeURIComponent(read[1]!));
        return p
          ? send(response, 200, view(p))
          : error(response, 404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
      }
      const cancel = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(url.pathname);
      if (request.method === 'POST' && cancel) {
        const idem = request.headers['idempotency-key'] as string | undefined;
        if (idem && idempotent.has(idem)) {
          const first = idempotent.get(idem)!;
          return send(response, first.status, first.body);
        }
        const answer = (status: number, b: unknown) => {
          if (idem) idempotent.set(idem, { status, body: b });
          send(response, status, b);
        };
        const p = payments.get(decodeURIComponent(cancel[1]!));
        if (!p) return answer(404, { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' });
        if (!body?.cancelReason) return answer(400, { code: 'INVALID_REQUEST', message: '취소 사유를 입력해주세요.' });
        if (p.status !== 'DONE' && p.status !== 'PARTIAL_CANCELED')
          return answer(400, { code: 'NOT_CANCELABLE_PAYMENT', message: '취소 할 수 없는 결제 입니다.' });
        const amount = body.cancelAmount === undefined ? p.balanceAmount : Number(body.cancelAmount);
        if (!(amount > 0) || amount > p.balanceAmount)
          return answer(403, { code: 'NOT_CANCELABLE_AMOUNT', message: '취소 할 수 없는 금액 입니다.' });
        p.balanceAmount -= amount;
        p.status = p.balanceAmount === 0 ? 'CANCELED' : 'PARTIAL_CANCELED';
        (p.cancels ??= []).push({
          cancelAmount: amount,
          cancelReason: body.cancelReason,
          transactionKey: key('tx_'),
          canceledAt: kst(new Date()),
        });
        return answer(200, view(p));
      }
      error(response, 404, 'NOT_FOUND', '요청한 리소스를 찾을 수 없습니다.');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(fake, {
    url,
    clientKey,
    secretKey,
    calls,
    payments,
    webhookUrl: null,
    authorize(orderId: string, amount: number, method: 'CARD' | 'TRANSFER' | 'VIRTUAL_ACCOUNT', orderName = '') {
      const paymentKey = key('tgen_');
      payments.set(paymentKey, {
        paymentKey,
        orderId,
        orderName,
        status: 'IN_PROGRESS',
        method: METHOD_NAMES[method]!,
        totalAmount: amount,
        balanceAmount: amount,
        secret: null,
        virtualAccount: null,
        cashReceipt: null,
        cancels: null,
        requestedAt: kst(new Date()),
        approvedAt: null,
      });
      return paymentKey;
    },
    refuseNextConfirm(code: string, message: string) {
      refusal = { code, message };
    },
    delayNextConfirm(ms: number) {
      delay = ms;
    },
    async deposit(paymentKey: string) {
      const p = payments.get(paymentKey)!;
      p.status = 'DONE';
      p.approvedAt = kst(new Date());
      return postWebhook({
        createdAt: kst(new Date()).replace('+09:00', '.000000'),
        secret: p.secret,
        orderId: p.orderId,
        status: 'DONE',
        transactionKey: key('tx_'),
      });
    },
    async expire(paymentKey: string) {
      const p = payments.get(paymentKey)!;
      p.status = 'EXPIRED';
      if (p.virtualAccount) p.virtualAccount.expired = true;
      return postWebhook({ eventType: 'PAYMENT_STATUS_CHANGED', createdAt: kst(new Date()), data: view(p) });
    },
    async cancelElsewhere(paymentKey: string, amount?: number, reason = '고객 요청 (토스 대시보드)', notify = true) {
      const p = payments.get(paymentKey)!;
      const cancelAmount = amount ?? p.balanceAmount;
      if (!(cancelAmount > 0) || cancelAmount > p.balanceAmount)
        throw new Error(`fake toss: cannot cancel ${cancelAmount}`);
      p.balanceAmount -= cancelAmount;
      p.status = p.balanceAmount === 0 ? 'CANCELED' : 'PARTIAL_CANCELED';
      (p.cancels ??= []).push({
        cancelAmount,
        cancelReason: reason,
        transactionKey: key('tx_'),
        canceledAt: kst(new Date()),
      });
      return notify
        ? postWebhook({ eventType: 'PAYMENT_STATUS_CHANGED', createdAt: kst(new Date()), data: view(p) })
        : 0;
    },
    postWebhook,
    cashReceipts,
    failNextCashReceipts(count: number, status = 503) {
      cashFailures = { count, status };
    },
    loseNextCashReceiptAnswer() {
      loseCashAnswer = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** The variables that point the app at this fake (its keys; the secret key is sent to it only). */
export const tossEnv = (toss: FakeToss): Record<string, string> => ({
  TOSS_CLIENT_KEY: toss.clientKey,
  TOSS_SECRET_KEY: toss.secretKey,
  TOSS_API_URL: toss.url,
});

/** Lets the fake post its webhooks to the app: the app listens on a loopback port of its own. */
export async function receiveTossWebhooks(
  toss: FakeToss,
  app: { listen(port: number, host: string): Promise<unknown>; getHttpServer(): { address(): unknown } },
): Promise<void> {
  await app.listen(0, '127.0.0.1');
  toss.webhookUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api/toss/webhook`;
}

/** A card payment of `point` by the member through the storefront's checkout and confirm: its charge and payment key. */
export async function payByCard(
  http: TestApp['http'],
  toss: FakeToss,
  token: string,
  point: number,
): Promise<{ chargeId: number; paymentKey: string; orderId: string }> {
  const c = (
    await http.post('/api/service/point/toss').set('Authorization', `Bearer ${token}`).send({ point, method: 'CARD' })
  ).body;
  if (!c.orderId) throw new Error(`checkout refused: ${JSON.stringify(c)}`);
  const paymentKey = toss.authorize(c.orderId, c.amount, 'CARD');
  const confirmed = await http
    .post('/api/service/point/toss/confirm')
    .set('Authorization', `Bearer ${token}`)
    .send({ paymentKey, orderId: c.orderId, amount: c.amount });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}: ${confirmed.text}`);
  return { chargeId: c.chargeId as number, paymentKey, orderId: c.orderId as string };
}
