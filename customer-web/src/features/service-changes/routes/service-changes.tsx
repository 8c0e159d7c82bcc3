import { useState } from 'react';
import { Card, PageTitle } from '../../../components/ui/card';
import { Pagination, pageCountOf } from '../../../components/ui/pagination';
import { unitPrice } from '../../../lib/format';
import {
  SERVICE_CHANGE_KIND_LABELS,
  SERVICE_CHANGE_PAGE_SIZE,
  type ServiceChangeKind,
  type ServiceChangeView,
} from '../../../lib/contracts';
import { useServiceChanges } from '../api/get-service-changes';
import './service-changes.css';

const TONE: Record<ServiceChangeKind, string> = {
  PRICE_UP: 'warn',
  PRICE_DOWN: 'ok',
  PAUSED: 'bad',
  RESUMED: 'info',
  ADDED: 'ok',
  REMOVED: 'muted',
};

const pad = (n: number) => String(n).padStart(2, '0');
/** The Korean day an entry is listed under (yyyy-MM-dd, the browser's own time). */
const dayOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const timeOf = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

function Price({ change }: { change: ServiceChangeView }) {
  const unit = change.per === 1 ? '1개당' : `${change.per.toLocaleString('ko-KR')}개당`;
  const { oldPrice, newPrice } = change;
  if (oldPrice !== null && newPrice !== null && oldPrice !== newPrice)
    return (
      <p className="change-price">
        {unit} <s>{unitPrice(Number(oldPrice))}</s> → <strong>{unitPrice(Number(newPrice))}</strong>
      </p>
    );
  const price = newPrice ?? oldPrice;
  return price === null ? null : (
    <p className="change-price">
      {unit} {unitPrice(Number(price))}
    </p>
  );
}

/** /service-changes: 서비스 변경 안내, the dated list of price and availability changes, newest first. */
export default function ServiceChangesRoute() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useServiceChanges(page);
  const days = new Map<string, ServiceChangeView[]>();
  for (const change of data?.items ?? []) {
    const day = dayOf(change.createdAt);
    days.set(day, [...(days.get(day) ?? []), change]);
  }
  return (
    <div className="page narrow service-changes">
      <PageTitle sub="가격 인상·인하, 일시 중지와 재개, 신규·종료 서비스를 날짜별로 안내합니다.">
        서비스 변경 안내
      </PageTitle>
      {days.size === 0 ? (
        <Card>
          <p className="muted">
            {isPending ? '불러오는 중...' : isError ? '변경 안내를 불러오지 못했습니다.' : '변경 안내가 없습니다.'}
          </p>
        </Card>
      ) : (
        [...days].map(([day, changes]) => (
          <Card key={day} title={day} className="change-day">
            <ul className="change-list">
              {changes.map((change) => (
                <li key={change.id} className="change-item">
                  <div className="change-head">
                    <span className={`status status-${TONE[change.kind]}`}>
                      {SERVICE_CHANGE_KIND_LABELS[change.kind]}
                    </span>
                    <time className="muted" dateTime={change.createdAt}>
                      {timeOf(change.createdAt)}
                    </time>
                  </div>
                  <p className="change-name">{change.serviceName}</p>
                  <Price change={change} />
                  {change.note ? <p className="change-note">{change.note}</p> : null}
                </li>
              ))}
            </ul>
          </Card>
        ))
      )}
      <Pagination page={page} pageCount={pageCountOf(data?.total ?? 0, SERVICE_CHANGE_PAGE_SIZE)} onChange={setPage} />
    </div>
  );
}
