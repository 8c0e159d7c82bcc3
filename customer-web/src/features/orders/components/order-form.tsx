import { lazy, Suspense, useMemo, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Select } from '../../../components/ui/field';
import type { OrderRequest } from '../../../lib/contracts';
import { commentLines, ORDER_MESSAGES, orderCost, orderQuantity } from '../../../lib/order-rules';
import { formatNumber, swapFlags, unitPrice, won } from '../../../lib/format';
import { refusalMessage } from '../../../lib/api-client';
import { loading } from '../../../lib/loading';
import { useCreateOrder, type OrderReceipt } from '../api/create-order';
import type { Platform } from '../api/get-platforms';
import {
  categoriesOf,
  EMPTY_ORDER_FORM,
  nextOrderForm,
  serviceOf,
  type Catalog,
  type OrderFormEvent,
  type OrderFormValues,
} from '../lib/order-form-state';
import { PlatformGrid } from './platform-grid';
import { QuantityStep, quantityStepTitle } from './quantity-step';
import { CouponField, useOrderCoupon } from './coupon-field';
import { ServicePicker } from './service-picker';
import { AverageTime } from './average-time';

const loadOrderResolver = () => import('../lib/order-resolver');
/** A Subscriptions service's fields, loaded when one is chosen (the landing page starts without them). */
const SubscriptionFields = lazy(() => import('./subscription-fields').then((m) => ({ default: m.SubscriptionFields })));

export interface OrderFormProps {
  platforms: readonly Platform[];
  catalog: Catalog;
  /** The member's points (0 for guests and visitors). */
  balance: number;
  /** ENABLE_SERVICE_CHECK: nothing can be ordered. */
  serviceCheck: boolean;
  /** ENABLE_VISIBLE_SERVICE_ID: product names start with their number. */
  showServiceId: boolean;
  onOrdered: (receipt: OrderReceipt) => void;
  /** A visitor or guest: 주문하기 keeps the fields and asks to log in instead of ordering. */
  onLoginNeeded?: (values: OrderFormValues) => void;
  /** An order kept while its visitor logged in: the form starts with it. */
  draft?: OrderFormValues | null;
}

const Step = ({ n, title, children }: { n: number; title: string; children: ReactNode }) => (
  <div className="step">
    <div className="step-head">
      <span className="step-no">{n}</span>
      <h3>{title}</h3>
    </div>
    <div className="step-body">{children}</div>
  </div>
);

/** The platform grid and the 5-step order form (docs/product.md §2, §4, §5). */
export function OrderForm({
  platforms,
  catalog,
  balance,
  serviceCheck,
  showServiceId,
  onOrdered,
  onLoginNeeded,
  draft,
}: OrderFormProps) {
  const visible = useMemo(() => platforms.filter((p) => p.visible), [platforms]);
  const initial = useMemo(
    () =>
      draft ??
      (visible[0]
        ? nextOrderForm(EMPTY_ORDER_FORM, { type: 'platform', platformId: visible[0].id }, catalog)
        : EMPTY_ORDER_FORM),
    [visible, catalog, draft],
  );
  // The shared schema depends on the chosen service, the balance and the auto-order toggle. It (and zod) is
  // loaded on the first touch of the form, so the landing page starts without it.
  const resolver: Resolver<OrderFormValues, unknown, OrderRequest> = async (values, context, options) =>
    (await loadOrderResolver()).orderResolver(serviceOf(catalog, values.serviceId), {
      serviceCheck,
      balance,
      auto: values.auto,
      platform: values.platformId || null,
    })(values, context, options);
  const form = useForm<OrderFormValues, unknown, OrderRequest>({ defaultValues: initial, resolver });
  const createOrder = useCreateOrder();
  // useWatch, not form.watch(): it re-renders through a subscription the React Compiler can see.
  const values = useWatch({ control: form.control }) as OrderFormValues;
  const { errors } = form.formState;
  const apply = (event: OrderFormEvent) => form.reset(nextOrderForm(form.getValues(), event, catalog));

  const service = serviceOf(catalog, values.serviceId);
  const locked = serviceCheck || !!service?.isReadOnly;
  const runs = values.auto ? values.runs || 0 : 0;
  // By the service's type: what was typed, the number of comment lines, or one package.
  const typed = orderQuantity({ amount: values.amount, comments: values.comments }, service);
  const amount = Number.isSafeInteger(typed) && typed > 0 ? typed : 0;
  const total = amount * Math.max(runs, 1);
  const cost = service && Number.isSafeInteger(runs) && runs >= 0 ? orderCost(service.point, amount, runs) : 0n;
  const label = (text: string, id: number) => swapFlags(showServiceId ? `[${id}] ${text}` : text);
  const coupon = useOrderCoupon(values.serviceId, runs > 0 ? 0 : amount);

  const order = form.handleSubmit(async (input) => {
    try {
      const couponCode = coupon.current?.code;
      const receipt = await loading.during(createOrder.mutateAsync(couponCode ? { ...input, couponCode } : input));
      coupon.setApplied(null);
      toast.success(ORDER_MESSAGES.success);
      apply({ type: 'ordered' });
      window.scrollTo({ top: 0, behavior: 'smooth' });
      // The comments as the order keeps them: one per line, blank lines dropped.
      onOrdered({ ...receipt, comments: commentLines(input.comments).join('\n') || undefined });
    } catch (error) {
      toast.error(refusalMessage(error, ORDER_MESSAGES.failed));
    }
  });
  // A Subscriptions service takes its own fields and button (subscription-fields.tsx), not this order.
  const subscription = service?.type === 'Subscriptions';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (subscription) return event.preventDefault();
    if (!onLoginNeeded) return void order(event);
    event.preventDefault();
    onLoginNeeded(form.getValues());
  };

  return (
    <>
      <Card title="플랫폼 선택">
        {visible.length ? (
          <PlatformGrid
            platforms={visible}
            value={values.platformId}
            onChange={(platformId) => apply({ type: 'platform', platformId })}
          />
        ) : (
          <p className="muted">등록된 플랫폼이 없습니다.</p>
        )}
      </Card>
      <Card title="주문하기" className="order-card">
        <form onSubmit={submit} onFocusCapture={() => void loadOrderResolver()} noValidate aria-label="주문하기">
          <Step n={1} title="카테고리 선택">
            <Select
              aria-label="카테고리"
              value={values.categoryId}
              onChange={(e) => apply({ type: 'category', categoryId: Number(e.target.value) })}
              disabled={serviceCheck}
            >
              {categoriesOf(catalog, values.platformId).map((c) => (
                <option key={c.id} value={c.id}>
                  {swapFlags(c.text)}
                </option>
              ))}
            </Select>
          </Step>
          <Step n={2} title="상품 선택">
            <ServicePicker
              catalog={catalog}
              categoryId={values.categoryId}
              serviceId={values.serviceId}
              label={label}
              disabled={serviceCheck}
              error={errors.serviceId?.message}
              onChange={(serviceId) => apply({ type: 'service', serviceId })}
              onPick={(serviceId) => apply({ type: 'pick', serviceId })}
            />
          </Step>
          <Step n={3} title="상품 설명">
            {service ? (
              <div className="service-notice" data-testid="service-notice">
                <p className="service-facts">
                  <span>단가 {unitPrice(service.point)}</span>
                  <span>최소 {formatNumber(service.min)}</span>
                  <span>최대 {formatNumber(service.max)}</span>
                  <AverageTime minutes={service.averageTime} />
                </p>
                {service.notice ? <p className="pre">{service.notice}</p> : null}
              </div>
            ) : (
              <p className="muted">{ORDER_MESSAGES.serviceRequired}</p>
            )}
          </Step>
          {subscription ? (
            <Step n={4} title="구독 정보 입력">
              <Suspense fallback={null}>
                <SubscriptionFields
                  key={service.id}
                  service={service}
                  balance={balance}
                  disabled={locked}
                  onLoginNeeded={onLoginNeeded ? () => onLoginNeeded(form.getValues()) : undefined}
                />
              </Suspense>
            </Step>
          ) : (
            <>
              <Step n={4} title="링크 입력">
                <Input
                  aria-label="링크"
                  placeholder={locked ? ORDER_MESSAGES.unavailable : 'https://'}
                  disabled={locked}
                  error={errors.link?.message}
                  {...form.register('link')}
                />
              </Step>
              <Step n={5} title={quantityStepTitle(service)}>
                <QuantityStep
                  service={service}
                  disabled={locked}
                  amount={form.register('amount', { valueAsNumber: true })}
                  comments={form.register('comments')}
                  commentsValue={values.comments ?? ''}
                  amountError={errors.amount?.message}
                  commentsError={errors.comments?.message}
                />
                {service?.enableAuto && (service.type ?? 'Default') === 'Default' ? (
                  <div className="auto-order">
                    <label className="check">
                      <input
                        type="checkbox"
                        checked={values.auto}
                        disabled={locked}
                        onChange={(e) => apply({ type: 'auto', on: e.target.checked })}
                      />
                      <span>자동 주문 (같은 주문을 일정 간격으로 반복)</span>
                    </label>
                    {values.auto ? (
                      <div className="auto-fields">
                        <Input
                          label="반복 횟수"
                          type="number"
                          inputMode="numeric"
                          min={2}
                          disabled={locked}
                          error={errors.runs?.message}
                          hint="2회 이상"
                          {...form.register('runs', { valueAsNumber: true })}
                        />
                        <Input
                          label="반복 간격 (분)"
                          type="number"
                          inputMode="numeric"
                          min={60}
                          disabled={locked}
                          error={errors.interval?.message}
                          hint="60분 이상"
                          {...form.register('interval', { valueAsNumber: true })}
                        />
                      </div>
                    ) : null}
                  </div>
                ) : null}
              </Step>
              {locked ? (
                <p className="locked" role="alert">
                  {ORDER_MESSAGES.unavailable}
                </p>
              ) : null}
              <dl className="order-total">
                <dt>총 수량</dt>
                <dd data-testid="total-quantity">{formatNumber(total)}개</dd>
                <dt>총 금액</dt>
                <dd data-testid="total-cost">{won(cost)}</dd>
                <dt>보유 포인트</dt>
                <dd>{won(balance)}</dd>
              </dl>
              {onLoginNeeded || values.auto ? null : (
                <CouponField coupon={coupon} serviceId={values.serviceId} amount={amount} disabled={locked} />
              )}
              <Button type="submit" block disabled={locked || form.formState.isSubmitting}>
                {locked ? ORDER_MESSAGES.unavailable : '주문하기'}
              </Button>
            </>
          )}
        </form>
      </Card>
    </>
  );
}
