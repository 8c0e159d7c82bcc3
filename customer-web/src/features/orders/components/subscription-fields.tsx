import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { refusalMessage } from '../../../lib/api-client';
import { formatNumber, won } from '../../../lib/format';
import { loading } from '../../../lib/loading';
import {
  SUBSCRIPTION_DELAYS,
  subscriptionCost,
  subscriptionProblem,
  type SubscriptionProblem,
} from '../../../lib/subscription-rules';
import { useCreateSubscription, type PlacedSubscription } from '../api/subscriptions';

export interface SubscriptionFieldsProps {
  service: { id: number; point: number | string; min: number; max: number; type?: string | null };
  balance: number;
  disabled: boolean;
  /** A visitor or guest: asks to log in instead of subscribing. */
  onLoginNeeded?: () => void;
  onSubscribed?: (placed: PlacedSubscription) => void;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The order form's steps 4–5 for a Subscriptions service (자동 좋아요): username, min and max per post,
 * number of future posts, delay and an optional expiry; paid up front for max × posts. The shared rules
 * check it here and on the server alike.
 */
export function SubscriptionFields({
  service,
  balance,
  disabled,
  onLoginNeeded,
  onSubscribed,
}: SubscriptionFieldsProps) {
  const [values, setValues] = useState({
    username: '',
    min: service.min,
    max: service.min,
    posts: 1,
    delay: 0,
    expiry: '',
  });
  const [problem, setProblem] = useState<SubscriptionProblem | null>(null);
  const create = useCreateSubscription();
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({
      ...v,
      [field]: field === 'username' || field === 'expiry' ? event.target.value : Number(event.target.value),
    }));
  const request = { serviceId: service.id, ...values, expiry: values.expiry || null };
  const whole =
    Number.isSafeInteger(values.max) && Number.isSafeInteger(values.posts) && values.max > 0 && values.posts > 0;
  const cost = whole ? subscriptionCost(service.point, values.max, values.posts) : 0n;
  const errorOf = (field: SubscriptionProblem['field']) => (problem?.field === field ? problem.message : undefined);
  /** A whole-number field of the subscription (per-post quantities, posts). */
  const countField = (field: 'min' | 'max' | 'posts', label: string, extra: { min?: number; hint?: string } = {}) => (
    <Input
      label={label}
      type="number"
      inputMode="numeric"
      disabled={disabled}
      value={String(values[field])}
      onChange={set(field)}
      error={errorOf(field)}
      {...extra}
    />
  );

  const subscribe = async () => {
    if (onLoginNeeded) return onLoginNeeded();
    const found = subscriptionProblem(request, service, todayUtc());
    setProblem(found);
    if (found) return;
    try {
      const placed = await loading.during(create.mutateAsync(request));
      toast.success('구독을 신청했습니다. 새 게시물이 올라오면 자동으로 진행됩니다.');
      onSubscribed?.(placed);
    } catch (error) {
      toast.error(refusalMessage(error, '구독 신청에 실패했습니다.'));
    }
  };

  return (
    <div className="subscription-fields" data-testid="subscription-fields">
      <Input
        label="계정 아이디 (username)"
        placeholder="instagram_id"
        disabled={disabled}
        value={values.username}
        onChange={set('username')}
        error={errorOf('username')}
      />
      <div className="auto-fields">
        {countField('min', '게시물당 최소 수량')}
        {countField('max', '게시물당 최대 수량')}
      </div>
      <div className="auto-fields">
        {countField('posts', '게시물 수', { min: 1, hint: '앞으로 올라올 게시물 수' })}
        <Select
          label="지연 시간"
          disabled={disabled}
          value={String(values.delay)}
          onChange={set('delay')}
          error={errorOf('delay')}
        >
          {SUBSCRIPTION_DELAYS.map((d) => (
            <option key={d} value={d}>
              {d === 0 ? '바로 시작' : `${d}분 후`}
            </option>
          ))}
        </Select>
      </div>
      <Input
        label="만료일 (선택)"
        type="date"
        disabled={disabled}
        value={values.expiry}
        onChange={set('expiry')}
        error={errorOf('expiry')}
      />
      <dl className="order-total">
        <dt>최대 수량</dt>
        <dd data-testid="subscription-total">{formatNumber(whole ? values.max * values.posts : 0)}개</dd>
        <dt>결제 금액 (미사용분 환불)</dt>
        <dd data-testid="subscription-cost">{won(cost)}</dd>
        <dt>보유 포인트</dt>
        <dd>{won(balance)}</dd>
      </dl>
      <Button type="button" block disabled={disabled || create.isPending} onClick={() => void subscribe()}>
        구독 신청
      </Button>
    </div>
  );
}
