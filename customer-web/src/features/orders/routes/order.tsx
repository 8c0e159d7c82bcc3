import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginPromptState } from '../../../app/layout/login-prompt';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { Card, PageTitle } from '../../../components/ui/card';
import { useProfile } from '../../../lib/auth';
import { useSettings } from '../../../lib/settings';
import type { OrderReceipt } from '../api/create-order';
import { useCategories } from '../api/get-categories';
import { usePlatforms } from '../api/get-platforms';
import { useServices } from '../api/get-services';
import { NoticePanel } from '../components/notice-panel';
import { OrderTabs } from '../components/order-tabs';
import { OrderForm } from '../components/order-form';
import { clearOrderDraft, keepOrderDraft, peekOrderDraft } from '../lib/order-draft';
import { MaintenanceBanner } from '../../../components/maintenance-banner';
import { useMaintenance } from '../../../lib/maintenance';
import { SuccessCard } from '../components/success-card';

/** /order, the landing page: banner, notices, success card, platform grid, order form. */
export function OrderRoute() {
  const settings = useSettings();
  const maintenance = useMaintenance();
  const profile = useProfile();
  const platforms = usePlatforms();
  const categories = useCategories();
  const services = useServices();
  const [receipt, setReceipt] = useState<OrderReceipt | null>(null);
  const queries = [platforms, categories, services];
  const catalog = categories.data && services.data ? { categories: categories.data, services: services.data } : null;
  const member = useSession() === 'authorization';
  const navigate = useNavigate();
  // An order a visitor filled in before logging in comes back once, for the member only.
  const catalogReady = !!catalog;
  // Read once, when the catalogue first arrives (not again on every refetch of it).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const draft = useMemo(() => (member && catalog ? peekOrderDraft(catalog) : null), [member, catalogReady]);
  useEffect(() => {
    if (draft) clearOrderDraft();
  }, [draft]);

  return (
    <div className="page order-page">
      {/* Also drawn by index.html before the app starts: keep the two the same. */}
      <PageTitle sub="플랫폼과 상품을 고르고 링크와 수량을 입력하면 바로 주문이 접수됩니다.">주문하기</PageTitle>
      {member ? <OrderTabs /> : null}
      <MaintenanceBanner />
      <NoticePanel />
      {receipt ? (
        <SuccessCard
          receipt={receipt}
          serviceText={services.data?.find((s) => s.id === receipt.serviceId)?.text}
          onClose={() => setReceipt(null)}
        />
      ) : null}
      {platforms.data && catalog ? (
        <OrderForm
          platforms={platforms.data}
          catalog={catalog}
          balance={profile?.point ?? 0}
          serviceCheck={maintenance.active}
          showServiceId={settings.flag('ENABLE_VISIBLE_SERVICE_ID')}
          onOrdered={setReceipt}
          draft={draft}
          onLoginNeeded={
            member
              ? undefined
              : (values) => {
                  keepOrderDraft(values);
                  void navigate(paths.order, { replace: true, state: loginPromptState('order') });
                }
          }
        />
      ) : (
        <Card title="주문하기">
          <p className="muted">
            {queries.some((q) => q.isError)
              ? '상품 목록을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'
              : '상품 목록을 불러오는 중입니다...'}
          </p>
        </Card>
      )}
    </div>
  );
}
