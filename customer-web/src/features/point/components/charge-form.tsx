import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import {
  CHARGE_MESSAGES,
  chargeAmounts,
  chargeRequestSchema,
  FEE_TYPE_LABELS,
  type ChargeInstructions,
  type ChargeRequest,
  type FeeType,
  type TaxInvoice,
} from '../../../lib/contracts';
import { chargeUnitLabel, won } from '../../../lib/format';
import { loading } from '../../../lib/loading';
import { refusalMessage } from '../../../lib/api-client';
import { useCreateCharge } from '../api/create-charge';
import { ChargeBonusLine } from './charge-bonus-line';

/** The tax invoice's eight fields (docs/product.md §5), with the form's labels; a cash receipt asks for `phone` only. */
const TAX_INVOICE_LABELS: Record<keyof TaxInvoice, string> = {
  company: '상호',
  businessNumber: '사업자등록번호',
  leader: '대표자명',
  phone: '연락처',
  jobType: '업태',
  jobType2: '종목',
  address: '사업장 주소',
  email: '이메일',
};
const TAX_INVOICE_FIELDS = Object.keys(TAX_INVOICE_LABELS) as (keyof TaxInvoice)[];

interface ChargeFormValues {
  name: string;
  point: number;
  feeType: FeeType;
  feeValue: Record<keyof TaxInvoice, string>;
}

const EMPTY_FEE_VALUE = Object.fromEntries(TAX_INVOICE_FIELDS.map((f) => [f, ''])) as ChargeFormValues['feeValue'];

/**
 * The charge form: depositor, amount built from preset buttons (with reset), fee type and its fields,
 * checked by the shared charge contract. `accountReady` is false while the shop's bank account is not set
 * (the server then refuses every request with 503), so the form says so instead of sending.
 * `feeEnabled` is ENABLE_PAYMENT_FEE: with it, a tax invoice adds 10 % 부가세 on top (contracts chargeAmounts,
 * the same function the server charges with).
 */
export function ChargeForm({
  presets,
  feeTypes,
  accountReady,
  feeEnabled = false,
  onCharged,
}: {
  presets: number[];
  feeTypes: readonly FeeType[];
  accountReady: boolean;
  feeEnabled?: boolean;
  onCharged: (instructions: ChargeInstructions) => void;
}) {
  const form = useForm<ChargeFormValues, unknown, ChargeRequest>({
    resolver: zodResolver(chargeRequestSchema) as never,
    defaultValues: { name: '', point: 0, feeType: feeTypes[0] ?? 'NONE', feeValue: EMPTY_FEE_VALUE },
  });
  const createCharge = useCreateCharge();
  const { errors, isSubmitting } = form.formState;
  const [watchedPoint, watchedFeeType] = useWatch({ control: form.control, name: ['point', 'feeType'] });
  const point = watchedPoint || 0;
  const feeType = watchedFeeType ?? 'NONE';
  const amounts = chargeAmounts(BigInt(point), feeType, feeEnabled);
  const setPoint = (value: number) => form.setValue('point', value, { shouldValidate: form.formState.isSubmitted });
  const feeError = (field: keyof TaxInvoice) => errors.feeValue?.[field]?.message;

  const submit = form.handleSubmit(async (request) => {
    try {
      const instructions = await loading.during(createCharge.mutateAsync(request));
      toast.success(CHARGE_MESSAGES.requestSuccess);
      onCharged(instructions);
    } catch (error) {
      toast.error(refusalMessage(error, CHARGE_MESSAGES.requestFailed));
    }
  });

  return (
    <Card title="잔액 충전">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="잔액 충전">
        <Input
          label="입금자명"
          placeholder="입금하실 분의 이름"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <div className="field">
          <span className="field-label">충전 금액</span>
          <output className="amount-display" data-testid="charge-amount">
            {won(point)}
          </output>
          <div className="preset-buttons">
            {presets.map((amount) => (
              <Button key={amount} variant="secondary" onClick={() => setPoint(point + amount)}>
                +{chargeUnitLabel(amount)}
              </Button>
            ))}
            <Button variant="ghost" onClick={() => setPoint(0)}>
              초기화
            </Button>
          </div>
          <ChargeBonusLine point={point} method="BANK_TRANSFER" />
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
                  <span>{FEE_TYPE_LABELS[type]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {feeType === 'FEE' ? (
          <div className="fee-fields">
            <p className="muted">
              {feeEnabled
                ? '세금계산서 발행 시 부가세 10%가 더해진 금액을 입금하셔야 합니다.'
                : '충전 금액에 부가세가 포함되어 세금계산서가 발행됩니다.'}
            </p>
            {TAX_INVOICE_FIELDS.map((field) => (
              <Input
                key={field}
                label={TAX_INVOICE_LABELS[field]}
                error={feeError(field)}
                {...form.register(`feeValue.${field}`)}
              />
            ))}
          </div>
        ) : null}
        {feeType === 'CASH' ? (
          <Input
            label="현금영수증 발급 번호"
            placeholder="휴대전화 번호 11자리"
            inputMode="numeric"
            error={feeError('phone')}
            {...form.register('feeValue.phone')}
          />
        ) : null}
        <dl className="order-total">
          {amounts.fee > 0n ? (
            <>
              <dt>부가세 (10%)</dt>
              <dd data-testid="deposit-fee">{won(amounts.fee)}</dd>
            </>
          ) : null}
          <dt>입금하실 금액</dt>
          <dd data-testid="deposit-amount">{won(amounts.total)}</dd>
        </dl>
        {accountReady ? null : (
          <p className="field-error" role="alert">
            {CHARGE_MESSAGES.accountNotConfigured}
          </p>
        )}
        <Button type="submit" block disabled={isSubmitting || !accountReady}>
          충전 신청
        </Button>
      </form>
    </Card>
  );
}
