import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import {
  CASH_RECEIPT_PHONE_MESSAGE,
  CHARGE_MESSAGES,
  chargeDepositAmount,
  chargeSchema,
  TAX_INVOICE_FIELDS,
  type ChargeFormValues,
  type ChargeInput,
  type FeeType,
} from '../../../lib/contracts';
import { chargeUnitLabel, won } from '../../../lib/format';
import { loading } from '../../../lib/loading';
import { useCreateCharge } from '../api/create-charge';

export const FEE_TYPE_LABEL: Record<FeeType, string> = { NONE: '신청 안함', FEE: '세금계산서', CASH: '현금영수증' };

const EMPTY_FEE_VALUE = Object.fromEntries(TAX_INVOICE_FIELDS.map((f) => [f.name, ''])) as NonNullable<ChargeInput['feeValue']>;

export interface ChargeRequest {
  name: string;
  point: number;
  feeType: FeeType;
}

/** The charge form: depositor, amount built from preset buttons (with reset), fee type and its fields. */
export function ChargeForm({ presets, feeTypes, onCharged }: { presets: number[]; feeTypes: FeeType[]; onCharged: (request: ChargeRequest) => void }) {
  const form = useForm<ChargeFormValues, unknown, ChargeInput>({
    resolver: zodResolver(chargeSchema),
    defaultValues: { name: '', point: 0, feeType: feeTypes[0] ?? 'NONE', feeValue: EMPTY_FEE_VALUE },
  });
  const createCharge = useCreateCharge();
  const { errors, isSubmitting } = form.formState;
  const point = form.watch('point');
  const feeType = form.watch('feeType') ?? 'NONE';
  const setPoint = (value: number) => form.setValue('point', value, { shouldValidate: form.formState.isSubmitted });

  const submit = form.handleSubmit(async (input) => {
    const feeValue = input.feeType === 'NONE' ? null : input.feeType === 'CASH' ? { ...EMPTY_FEE_VALUE, phone: input.feeValue?.phone ?? '' } : input.feeValue;
    try {
      await loading.during(createCharge.mutateAsync({ ...input, feeValue }));
      toast.success(CHARGE_MESSAGES.chargeSuccess);
      onCharged({ name: input.name, point: input.point, feeType: input.feeType });
    } catch {
      toast.error(CHARGE_MESSAGES.chargeFailed);
    }
  });

  return (
    <Card title="잔액 충전">
      <form onSubmit={submit} noValidate aria-label="잔액 충전">
        <Input label="입금자명" placeholder="입금하실 분의 이름" error={errors.name?.message} {...form.register('name')} />
        <div className="field">
          <span className="field-label">충전 금액</span>
          <output className="amount-display" data-testid="charge-amount">
            {won(point)}
          </output>
          <div className="preset-buttons">
            {presets.map((amount) => (
              <Button key={amount} variant="secondary" onClick={() => setPoint((point || 0) + amount)}>
                +{chargeUnitLabel(amount)}
              </Button>
            ))}
            <Button variant="ghost" onClick={() => setPoint(0)}>
              초기화
            </Button>
          </div>
          {errors.point?.message ? (
            <p className="field-error" role="alert">
              {errors.point.message}
            </p>
          ) : null}
        </div>
        {feeTypes.length > 1 || feeTypes[0] !== 'NONE' ? (
          <fieldset className="field fee-types">
            <legend className="field-label">증빙 서류</legend>
            <div className="radio-row">
              {feeTypes.map((type) => (
                <label key={type} className="radio">
                  <input type="radio" value={type} {...form.register('feeType')} />
                  <span>{FEE_TYPE_LABEL[type]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {feeType === 'FEE' ? (
          <div className="fee-fields">
            <p className="muted">세금계산서 발행 시 부가세 10%가 더해진 금액을 입금하셔야 합니다.</p>
            {TAX_INVOICE_FIELDS.map((f) => (
              <Input key={f.name} label={f.label} error={errors.feeValue?.[f.name]?.message} {...form.register(`feeValue.${f.name}`)} />
            ))}
          </div>
        ) : null}
        {feeType === 'CASH' ? (
          <Input label="현금영수증 발급 번호" placeholder="휴대전화 번호" inputMode="numeric" error={errors.feeValue?.phone?.message} aria-description={CASH_RECEIPT_PHONE_MESSAGE} {...form.register('feeValue.phone')} />
        ) : null}
        <dl className="order-total">
          <dt>입금하실 금액</dt>
          <dd data-testid="deposit-amount">{won(chargeDepositAmount(point || 0, feeType))}</dd>
        </dl>
        <Button type="submit" block disabled={isSubmitting}>
          충전 신청
        </Button>
      </form>
    </Card>
  );
}
