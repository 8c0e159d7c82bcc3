import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, PageTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';

const json = (value: unknown) => JSON.stringify(value, null, 2);

function Endpoint({ method, path, children }: { method: string; path: string; children: ReactNode }) {
  return (
    <section className="endpoint">
      <h3>
        <span className={`method method-${method.toLowerCase()}`}>{method}</span> <code>{path}</code>
      </h3>
      {children}
    </section>
  );
}

const Example = ({ title, code }: { title: string; code: string }) => (
  <figure className="example">
    <figcaption>{title}</figcaption>
    <pre>
      <code>{code}</code>
    </pre>
  </figure>
);

/** /api: the public API (v1, key in the api-key header) and the SMM panel API v2. */
export default function ApiDocsRoute() {
  const origin = typeof location === 'undefined' ? '' : location.origin;
  return (
    <div className="page narrow api-docs">
      <PageTitle sub="API로 상품 조회, 주문, 진행 상태 확인을 자동화할 수 있습니다.">API 문서</PageTitle>
      <Card title="시작하기">
        <ul className="notes">
          <li>
            API 키는 <Link to={paths.account}>계정 설정</Link>에서 발급하거나 재발급할 수 있습니다. 재발급하면 이전 키는
            바로 사용할 수 없게 됩니다.
          </li>
          <li>주문 금액은 보유 포인트에서 차감되며, 포인트가 부족하면 주문이 거절됩니다.</li>
          <li>
            v1은 JSON, v2는 폼(application/x-www-form-urlencoded) 또는 JSON 본문을 받으며 응답은 UTF-8 JSON입니다. 차감
            금액과 잔액은 원 단위 정수이고, 상품 단가(rate)는 1,000개당 가격이라 소수점이 있을 수 있습니다.
          </li>
          <li>
            전체 명세는 OpenAPI 3.1 문서 <a href="/api/openapi.json">/api/openapi.json</a>로 제공됩니다. Swagger UI,
            Postman 등에 불러와 사용할 수 있습니다.
          </li>
        </ul>
      </Card>

      <Card title="API v1">
        <p>
          기본 주소 <code>{origin}/api/v1</code>, 모든 요청의 <code>api-key</code> 헤더에 API 키를 넣어 주세요. 오류는
          HTTP 상태 코드와 <code>{'{"statusCode", "message"}'}</code> 형식으로 응답합니다.
        </p>
        <Endpoint method="GET" path="/api/v1/services">
          <p>주문 가능한 상품 목록을 조회합니다. min, max는 한 번에 주문할 수 있는 최소·최대 수량입니다.</p>
          <Example title="요청" code={`curl ${origin}/api/v1/services \\\n  -H "api-key: 발급받은_API_키"`} />
          <Example
            title="응답"
            code={json([
              { id: 1, min: 10, max: 10000, text: '인스타그램 한국인 팔로워' },
              { id: 2, min: 10, max: 30000, text: '유튜브 조회수' },
            ])}
          />
        </Endpoint>
        <Endpoint method="POST" path="/api/v1/order">
          <p>
            주문을 접수합니다. serviceId는 상품 번호, link는 작업할 게시물이나 계정 주소, amount는 수량입니다. 응답의
            wId로 진행 상태를 조회합니다.
          </p>
          <Example
            title="요청"
            code={`curl -X POST ${origin}/api/v1/order \\\n  -H "api-key: 발급받은_API_키" \\\n  -H "Content-Type: application/json" \\\n  -d '${JSON.stringify({ serviceId: 1, link: 'https://www.instagram.com/example', amount: 100 })}'`}
          />
          <Example title="응답" code={json({ wId: 12345 })} />
        </Endpoint>
        <Endpoint method="GET" path="/api/v1/status/:wId">
          <p>주문의 진행 상태(status)와 남은 수량(remains)을 조회합니다.</p>
          <Example title="요청" code={`curl ${origin}/api/v1/status/12345 \\\n  -H "api-key: 발급받은_API_키"`} />
          <Example title="응답" code={json({ status: 'IN PROGRESS', remains: 40 })} />
        </Endpoint>
      </Card>

      <Card title="API v2 (SMM 패널 표준 API)">
        <p>
          일반적인 SMM 패널 도구와 호환되는 API입니다. <code>POST {origin}/api/v2</code>로 폼(
          <code>application/x-www-form-urlencoded</code>, <code>multipart/form-data</code>) 또는 JSON 본문을 보내며 (
          <code>GET</code>과 쿼리 문자열도 받습니다), 모든 요청에 <code>key</code>(API 키)와 <code>action</code>을
          넣습니다. 키는 <code>X-Api-Key</code> 헤더나 <code>Authorization: Bearer</code>로도 보낼 수 있습니다. 오류는{' '}
          <code>{'{"error": "..."}'}</code>로 응답하며, 한 키로 너무 빠르게 요청하면 HTTP 429{' '}
          <code>{'{"error": "Too many requests"}'}</code>로 응답합니다.
        </p>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>action</th>
                <th>추가 파라미터</th>
                <th>설명</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>services</td>
                <td>-</td>
                <td>상품 목록 (rate는 1,000개당 가격)</td>
              </tr>
              <tr>
                <td>add</td>
                <td>service, link, quantity (자동 주문은 runs, interval 추가)</td>
                <td>주문 접수, 주문 번호 반환 (자동 주문은 auto_order 번호도 반환)</td>
              </tr>
              <tr>
                <td>status</td>
                <td>order 또는 orders=1,2,3 (최대 100개)</td>
                <td>주문 상태 조회</td>
              </tr>
              <tr>
                <td>balance</td>
                <td>-</td>
                <td>보유 포인트 조회</td>
              </tr>
              <tr>
                <td>refill</td>
                <td>order</td>
                <td>리필 요청 (현재 리필을 제공하는 상품은 없어 오류로 응답)</td>
              </tr>
              <tr>
                <td>refill_status</td>
                <td>refill</td>
                <td>리필 상태 조회</td>
              </tr>
              <tr>
                <td>cancel</td>
                <td>order 또는 orders=1,2,3</td>
                <td>주문 취소 (업체 전송 전 접수 대기 주문만, 전액 환불)</td>
              </tr>
            </tbody>
          </table>
        </div>
        <Example
          title="상품 목록"
          code={`curl -X POST ${origin}/api/v2 \\\n  -d key=발급받은_API_키 \\\n  -d action=services`}
        />
        <Example
          title="응답"
          code={json([
            {
              service: 1,
              name: '인스타그램 한국인 팔로워',
              type: 'Default',
              category: '인스타그램',
              rate: '5000',
              min: '10',
              max: '10000',
              refill: false,
              cancel: true,
              dripfeed: true,
            },
          ])}
        />
        <Example
          title="주문"
          code={`curl -X POST ${origin}/api/v2 \\\n  -H "Content-Type: application/json" \\\n  -d '${JSON.stringify({ key: '발급받은_API_키', action: 'add', service: 1, link: 'https://www.instagram.com/example', quantity: 100 })}'`}
        />
        <Example title="응답" code={json({ order: 23501 })} />
        <Example
          title="상태 조회 (action=status, order=23501)"
          code={json({ charge: '500', start_count: '1200', status: 'In progress', remains: '40', currency: 'KRW' })}
        />
        <Example
          title="여러 주문 상태 (action=status, orders=23501,10)"
          code={json({
            '23501': { charge: '500', start_count: '1200', status: 'Completed', remains: '0', currency: 'KRW' },
            '10': { error: 'Incorrect order ID' },
          })}
        />
        <Example title="잔액 (action=balance)" code={json({ balance: '125000', currency: 'KRW' })} />
        <Example
          title="리필 (action=refill, order=23501) / 리필 상태 (action=refill_status, refill=1)"
          code={`${json({ error: 'Refill is not available for this order' })}\n${json({ error: 'Incorrect refill ID' })}`}
        />
        <Example
          title="취소 (action=cancel, orders=23501,10)"
          code={json([
            { order: 23501, cancel: 1 },
            { order: 10, cancel: { error: 'Incorrect order ID' } },
          ])}
        />
      </Card>
      <Card title="웹훅 (상태 알림 받기)">
        <p>
          계정 설정의 웹훅에 주소를 저장하면 주문·리필·구독 상태나 잔액이 바뀔 때마다 JSON 이벤트를 POST로 보내 드립니다
          (상태를 반복 조회할 필요가 없습니다). 이벤트: <code>order.updated</code> (v2 status와 같은 필드),{' '}
          <code>refill.updated</code>, <code>subscription.updated</code>, <code>balance.changed</code> (충전 승인,
          환불), <code>service.updated</code> (서비스 가격 인상·인하, 일시 중지·재개, 신규·종료: <code>service</code>,{' '}
          <code>change</code>, 1000개당 목록가 <code>old_rate</code> → <code>rate</code>; 회원님의 가격은 등급에 따라
          다를 수 있으니 v2 services로 확인하세요). 주문 하나, 서비스 하나의 이벤트는 일어난 순서대로 도착합니다.
        </p>
        <p>
          요청은 Standard Webhooks 규격으로 서명됩니다: <code>webhook-id</code> (재시도해도 같은 값이므로 중복 처리를
          막는 데 쓰세요), <code>webhook-timestamp</code>, <code>webhook-signature</code>. 2xx가 아닌 응답이나 5초 안에
          응답하지 않으면 5초, 30초, 2분, 10분, 1시간, 6시간 간격으로 다시 보내고 24시간 뒤에는 포기합니다. 리디렉션은
          따르지 않습니다. 최근 100건의 발송 결과는 계정 설정에서 보고 다시 보낼 수 있습니다.
        </p>
        <Example
          title="order.updated 본문"
          code={json({
            type: 'order.updated',
            timestamp: '2026-11-26T01:00:00.000Z',
            data: {
              order: 23501,
              status: 'Completed',
              charge: '500',
              start_count: '1200',
              remains: '0',
              currency: 'KRW',
            },
          })}
        />
        <Example
          title="서명 확인 (Node.js, standardwebhooks 패키지)"
          code={`import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.WEBHOOK_SECRET); // 계정 설정의 whsec_... 서명 키

app.post('/webhooks/smm', express.raw({ type: 'application/json' }), (req, res) => {
  try {
    // 본문은 받은 그대로(raw)여야 합니다. 5분보다 오래된 요청은 거절됩니다.
    const event = wh.verify(req.body, req.headers);
    if (alreadyHandled(req.headers['webhook-id'])) return res.sendStatus(200);
    handle(event.type, event.data);
    res.sendStatus(200);
  } catch {
    res.sendStatus(400);
  }
});`}
        />
      </Card>
    </div>
  );
}
