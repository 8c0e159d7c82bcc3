// A loopback server speaking Popbill's (팝빌) documented REST protocol for 전자세금계산서, built from Popbill's and
// Linkhub's public references and SDKs, not from this product's code:
// - Linkhub auth v2.0: POST /{POPBILL|POPBILL_TEST}/Token, body {access_id, scope}, headers x-lh-date (ISO 8601),
//   x-lh-version 2.0, Authorization `LINKHUB {LinkID} {base64 HMAC-SHA256(base64-decoded SecretKey, "POST\n" +
//   base64 SHA-256(body) + "\n" + date + "\n" + "2.0\n" + uri)}`; answers {session_token, expiration, ...}.
// - API: `Authorization: Bearer {session_token}`, x-pb-version 1.0. 즉시발행 (registIssue) is POST /Taxinvoice with
//   X-HTTP-Method-Override: ISSUE and the Taxinvoice JSON (invoicerMgtKey unique per supplier; a 수정세금계산서 has
//   modifyCode and orgNTSConfirmNum); answers {code: 1, message, ntsConfirmNum}. getInfo is GET
//   /Taxinvoice/SELL/{mgtKey}; answers {itemKey, stateCode, ntsconfirmNum, ...}.
// - Refusals are {code: <negative number>, message: <Korean>} with a 4xx status. -11001021 (공급받는자
//   사업자등록번호가 유효하지 않음) is the code Popbill's references give; the other codes here stand for their kind
//   (a used document number, an unknown document, a bad token) and may differ from Popbill's numbering.
// The test-bed's simulated 국세청 filing answers a 24-character 승인번호 at once.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listener, readBody } from './loopback.js';

export interface PopbillCall {
  method: string;
  path: string;
  override: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the request body as parsed JSON; tests read what was sent
  body: any;
}

export interface FakeTaxInvoice {
  mgtKey: string;
  ntsConfirmNum: string;
  modifyCode: number | null;
  orgNTSConfirmNum: string | null;
  invoiceeCorpNum: string;
  supplyCostTotal: number;
  taxTotal: number;
  totalAmount: number;
}

export interface FakePopbill {
  /** The auth server's and the API's base URL (one loopback server serves both). */
  url: string;
  linkId: string;
  secretKey: string;
  corpNum: string;
  calls: PopbillCall[];
  /** Issued invoices by mgtKey. */
  invoices: Map<string, FakeTaxInvoice>;
  /** The next `count` API calls answer HTTP `status` without doing anything. */
  failNext(count: number, status?: number): void;
  /** The next registIssue is carried out but its answer is lost (the connection drops). */
  loseNextAnswer(): void;
  close(): Promise<void>;
}

/** The 사업자등록번호 check digit (국세청's weights 1,3,7,1,3,7,1,3,5). */
export function businessNumberValid(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const d = [...value].map(Number);
  const w = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = w.reduce((acc, weight, i) => acc + d[i]! * weight, 0);
  sum += Math.floor((d[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

/** A valid 사업자등록번호 starting with the nine digits given. */
export function validBusinessNumber(nine: string): string {
  for (let c = 0; c <= 9; c++) if (businessNumberValid(`${nine}${c}`)) return `${nine}${c}`;
  throw new Error('unreachable');
}

export async function startFakePopbill(): Promise<FakePopbill> {
  const linkId = 'TESTER';
  const secretKey = randomBytes(32).toString('base64');
  const corpNum = validBusinessNumber('220816251');
  const calls: PopbillCall[] = [];
  const invoices = new Map<string, FakeTaxInvoice>();
  const tokens = new Map<string, string>();
  let failures = { count: 0, status: 503 };
  let lose = false;
  let seq = 0;

  const send = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  const refuse = (response: ServerResponse, status: number, code: number, message: string) =>
    send(response, status, { code, message });

  const server = createServer(
    listener(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(request);
      const body = raw ? JSON.parse(raw) : null;
      const override = request.headers['x-http-method-override'] as string | undefined;
      calls.push({ method: request.method ?? '', path: url.pathname, override, body });

      const token = /^\/(POPBILL|POPBILL_TEST)\/Token$/.exec(url.pathname);
      if (request.method === 'POST' && token) {
        const date = String(request.headers['x-lh-date'] ?? '');
        const auth = /^LINKHUB (\S+) (\S+)$/.exec(String(request.headers.authorization ?? ''));
        const target = `POST\n${createHash('sha256').update(raw).digest('base64')}\n${date}\n2.0\n${url.pathname}`;
        const expected = createHmac('sha256', Buffer.from(secretKey, 'base64')).update(target).digest();
        const given = Buffer.from(auth?.[2] ?? '', 'base64');
        const skew = Math.abs(Date.now() - Date.parse(date));
        if (
          request.headers['x-lh-version'] !== '2.0' ||
          auth?.[1] !== linkId ||
          given.length !== expected.length ||
          !timingSafeEqual(given, expected)
        )
          return refuse(response, 401, -99999990, '링크허브 인증 정보(LinkID, SecretKey)가 올바르지 않습니다.');
        if (!(skew < 5 * 60_000))
          return refuse(response, 401, -99999991, '요청 시각이 서버 시각과 5분 이상 차이 납니다.');
        if (body?.access_id !== corpNum)
          return refuse(response, 400, -99999992, '연동회원으로 가입되지 않은 사업자번호입니다.');
        const session = randomBytes(16).toString('hex');
        tokens.set(session, body.access_id);
        return send(response, 200, {
          session_token: session,
          serviceID: token[1],
          linkID: linkId,
          usercode: body.access_id,
          ipaddress: '127.0.0.1',
          expiration: new Date(Date.now() + 3 * 3600_000).toISOString(),
          scope: body.scope,
        });
      }

      const bearer = /^Bearer (\S+)$/.exec(String(request.headers.authorization ?? ''));
      const owner = bearer ? tokens.get(bearer[1]!) : undefined;
      if (!owner) return refuse(response, 401, -99999993, '인증 토큰이 올바르지 않거나 만료되었습니다.');
      if (failures.count > 0) {
        failures.count--;
        return refuse(
          response,
          failures.status,
          -99999999,
          '팝빌 서버에서 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
        );
      }

      if (request.method === 'POST' && url.pathname === '/Taxinvoice' && override === 'ISSUE') {
        const answer = (status: number, b: unknown) => {
          if (lose) {
            lose = false;
            response.destroy();
            return;
          }
          send(response, status, b);
        };
        const t = body ?? {};
        if (t.invoicerCorpNum !== owner)
          return answer(400, { code: -11001020, message: '공급자 사업자등록번호가 인증 정보와 다릅니다.' });
        if (!t.invoicerMgtKey || !/^[A-Za-z0-9_-]{1,24}$/.test(t.invoicerMgtKey))
          return answer(400, { code: -11000001, message: '문서번호는 영문, 숫자, -, _ 1~24자로 입력해 주세요.' });
        if (invoices.has(t.invoicerMgtKey))
          return answer(400, { code: -12000004, message: '이미 사용중인 문서번호입니다.' });
        if (!businessNumberValid(String(t.invoiceeCorpNum ?? '')))
          return answer(400, { code: -11001021, message: '공급받는자 사업자등록번호가 유효하지 않습니다.' });
        if (!t.invoiceeCorpName || !t.invoiceeCEOName || !t.invoicerCorpName || !t.invoicerCEOName)
          return answer(400, { code: -11001030, message: '상호와 대표자명은 필수 입력 항목입니다.' });
        const supply = Number(t.supplyCostTotal);
        const tax = Number(t.taxTotal);
        const total = Number(t.totalAmount);
        if (!Number.isInteger(supply) || !Number.isInteger(tax) || supply + tax !== total)
          return answer(400, { code: -11001040, message: '공급가액과 세액의 합이 합계금액과 다릅니다.' });
        const modifyCode = t.modifyCode === undefined || t.modifyCode === null ? null : Number(t.modifyCode);
        if (modifyCode !== null) {
          const original = [...invoices.values()].find((i) => i.ntsConfirmNum === t.orgNTSConfirmNum);
          if (!original)
            return answer(400, { code: -11001050, message: '원본 세금계산서의 국세청승인번호가 올바르지 않습니다.' });
          if (total >= 0)
            return answer(400, {
              code: -11001051,
              message: '환불에 따른 수정세금계산서는 음수(-) 금액으로 작성해야 합니다.',
            });
        } else if (total <= 0) return answer(400, { code: -11001041, message: '합계금액은 0보다 커야 합니다.' });
        const day = String(t.writeDate ?? '');
        const ntsConfirmNum = `${day}4100${String(++seq).padStart(4, '0')}${randomBytes(4).toString('hex')}`.slice(
          0,
          24,
        );
        invoices.set(t.invoicerMgtKey, {
          mgtKey: t.invoicerMgtKey,
          ntsConfirmNum,
          modifyCode,
          orgNTSConfirmNum: t.orgNTSConfirmNum ?? null,
          invoiceeCorpNum: t.invoiceeCorpNum,
          supplyCostTotal: supply,
          taxTotal: tax,
          totalAmount: total,
        });
        return answer(200, { code: 1, message: '발행 완료', ntsConfirmNum });
      }

      const info = /^\/Taxinvoice\/SELL\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && info) {
        const found = invoices.get(decodeURIComponent(info[1]!));
        if (!found) return refuse(response, 400, -11000005, '해당 문서번호의 세금계산서가 존재하지 않습니다.');
        return send(response, 200, {
          itemKey: `0${found.ntsConfirmNum.slice(0, 17)}`,
          invoicerMgtKey: found.mgtKey,
          stateCode: 304,
          ntsconfirmNum: found.ntsConfirmNum,
          modifyCode: found.modifyCode,
          supplyCostTotal: String(found.supplyCostTotal),
          taxTotal: String(found.taxTotal),
        });
      }
      refuse(response, 404, -99999998, '지원하지 않는 요청입니다.');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    linkId,
    secretKey,
    corpNum,
    calls,
    invoices,
    failNext(count: number, status = 503) {
      failures = { count, status };
    },
    loseNextAnswer() {
      lose = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The variables that point the app at this fake (the test bed). */
export const popbillEnv = (popbill: FakePopbill): Record<string, string> => ({
  POPBILL_LINK_ID: popbill.linkId,
  POPBILL_SECRET_KEY: popbill.secretKey,
  POPBILL_CORP_NUM: popbill.corpNum,
  POPBILL_IS_TEST: 'true',
  POPBILL_API_URL: popbill.url,
  POPBILL_AUTH_URL: popbill.url,
});
