import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, PageTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { formatNumber, swapFlags, unitPrice } from '../../../lib/format';
import { SERVICE_SPEED_MESSAGES } from '../../../lib/service-speed';
import { useSettings } from '../../../lib/settings';
import { useCategories } from '../api/get-categories';
import { usePlatforms } from '../api/get-platforms';
import { useServices } from '../api/get-services';
import { AverageTime } from '../components/average-time';
import { FavoriteStar } from '../components/favorite-star';
import { searchServices, ServiceSearch } from '../components/service-picker';
import '../components/service-picker.css';

/** /services: every orderable service by platform and category, with its price, limits and 평균 완료 시간. */
export default function ServiceListRoute() {
  const settings = useSettings();
  const platforms = usePlatforms();
  const categories = useCategories();
  const services = useServices();
  const [query, setQuery] = useState('');
  const showId = settings.flag('ENABLE_VISIBLE_SERVICE_ID');
  const groups = useMemo(() => {
    const all = services.data ?? [];
    const shown = query.trim() ? new Set(searchServices(all, query).map((s) => s.id)) : null;
    const visible = new Set((platforms.data ?? []).filter((p) => p.visible).map((p) => p.id));
    return (categories.data ?? [])
      .filter((c) => visible.has(c.platform))
      .map((c) => ({ category: c, rows: all.filter((s) => s.categoryId === c.id && (!shown || shown.has(s.id))) }))
      .filter((g) => g.rows.length > 0);
  }, [services.data, categories.data, platforms.data, query]);
  const loading = !services.data || !categories.data || !platforms.data;

  return (
    <div className="page service-list-page">
      <PageTitle sub="상품별 단가와 최소·최대 수량, 최근 완료된 주문으로 계산한 평균 완료 시간입니다.">
        전체 상품
      </PageTitle>
      <ServiceSearch value={query} onChange={setQuery} />
      {loading ? <p className="muted">상품 목록을 불러오는 중입니다...</p> : null}
      {!loading && groups.length === 0 ? <p className="muted">검색 결과가 없습니다.</p> : null}
      {groups.map(({ category, rows }) => (
        <Card key={category.id} title={swapFlags(category.text)}>
          <ul className="service-rows">
            {rows.map((s) => (
              <li key={s.id} className="service-row" data-testid={`service-row-${s.id}`}>
                <div className="service-row-main">
                  <p className="service-row-name">{swapFlags(showId ? `[${s.id}] ${s.text}` : s.text)}</p>
                  <p className="service-facts muted">
                    <span>단가 {unitPrice(s.point)}</span>
                    <span>
                      {formatNumber(s.min)}~{formatNumber(s.max)}
                    </span>
                    <AverageTime minutes={s.averageTime} empty={SERVICE_SPEED_MESSAGES.noAverageTime} />
                  </p>
                </div>
                <FavoriteStar serviceId={s.id} name={s.text} />
              </li>
            ))}
          </ul>
        </Card>
      ))}
      <p>
        <Link to={paths.order}>주문하러 가기</Link>
      </p>
    </div>
  );
}
