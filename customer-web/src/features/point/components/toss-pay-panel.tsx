import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import {
  CHARGE_MESSAGES,
  chargeAmounts,
  chargeBonusMethodOf,
  FEE_TYPE_LABELS,
  TOSS_METHOD_LABELS,
  TOSS_METHODS,
  tossReceiptFor,
  type FeeType,
  type TossMethod,
} from '../../../lib/contracts';
import { errorMessage } from '../../../lib/api-client';
import { chargeUnitLabel, won } from '../../../lib/format';
import { loading } from '../../../lib/loading';
import { startTossCheckout, useTossEnabled } from '../api/toss';
import { openTossWindow } from '../lib/toss-window';
import { ChargeBonusLine } from './charge-bonus-line';

const TAX_FIELDS = [
  ['company', '상호'],
  ['businessNumber', '사업자등록번호'],
  ['leader', '대표자명'],
  ['phone', '연락처'],
  ['jobType', '업태'],
  ['jobType2', '종목'],
  ['address', '사업장 주소'],
  ['email', '이메일'],
] as const;

/**
 * Paying a charge online through Toss Payments (card and easy pay, transfer, virtual account),
 * beside the bank-transfer form; shown only while the shop offers it. Receipt choices are the ones
 * Toss can carry for the chosen method (none on cards).
 */
export function TossPayPanel({
  presets,
  feeTypes,
  feeEnabled = false,
}: {
  presets: number[];
  feeTypes: readonly FeeType[];
  feeEnabled?: boolean;
}) {
  const enabled = useTossEnabled();
  const [point, setPoint] = useState(0);
  const [method, setMethod] = useState<TossMethod>('CARD');
  const [feeType, setFeeType] = useState<FeeType>('NONE');
  const [fields, setFields] = useState<Record<string, string>>({});
  if (!enabled) return null;
  const choices = feeTypes.filter((f) => tossReceiptFor(f, method).ok);
  const chosenFee = choices.includes(feeType) ? feeType : (choices[0] ?? 'NONE');
  // The server charges through the same function (contracts/charge.ts).
  const amount = chargeAmounts(BigInt(point), chosenFee, feeEnabled).total;

  const pay = async () => {
    if (!point) return toast.error(CHARGE_MESSAGES.pointRequired);
    try {
      const feeValue = chosenFee === 'NONE' ? null : chosenFee === 'CASH' ? { phone: fields.phone ?? '' } : fields;
      const checkout = await loading.during(startTossCheckout({ point, method, feeType: chosenFee, feeValue }));
      await openTossWindow(checkout);
    } catch (error) {
      toast.error(errorMessage(error, CHARGE_MESSAGES.requestFailed));
    }
  };

  return (
    <Card title="온라인 결제로 충전" data-testid="toss-pay-panel">
      <p className="muted">
        토스페이먼츠 결제창에서 카드·간편결제(토스페이, 카카오페이, 네이버페이), 계좌이체, 가상계좌로 바로 충전할 수
        있습니다.
      </p>
      <div className="field">
        <span className="field-label">충전 금액</span>
        <output className="amount-display" data-testid="toss-amount">
          {won(point)}
        </output>
        <div className="preset-buttons">
          {presets.map((value) => (
            <Button key={value} variant="secondary" onClick={() => setPoint(point + value)}>
              +{chargeUnitLabel(value)}
            </Button>
          ))}
          <Button variant="ghost" onClick={() => setPoint(0)}>
            초기화
          </Button>
        </div>
      </div>
      <fieldset className="field">
        <legend className="field-label">결제 수단</legend>
        <div className="radio-row">
          {TOSS_METHODS.map((m) => (
            <label key={m} className="radio">
              <input type="radio" name="toss-method" value={m} checked={method === m} onChange={() => setMethod(m)} />
              <span>{TOSS_METHOD_LABELS[m]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <ChargeBonusLine point={point} method={chargeBonusMethodOf('TOSS', method)} />
      {choices.length > 1 || (choices[0] && choices[0] !== 'NONE') ? (
        <fieldset className="field">
          <legend className="field-label">증빙 서류</legend>
          <div className="radio-row">
            {choices.map((f) => (
              <label key={f} className="radio">
                <input
                  type="radio"
                  name="toss-fee"
                  value={f}
                  checked={chosenFee === f}
                  onChange={() => setFeeType(f)}
                />
                <span>{FEE_TYPE_LABELS[f]}</span>
              </label>
            ))}
          </div>
          {method === 'CARD' ? <p className="muted">카드 결제는 카드 매출전표가 증빙으로 발행됩니다.</p> : null}
        </fieldset>
      ) : null}
      {chosenFee === 'CASH' ? (
        <Input
          label="현금영수증 발급 번호"
          placeholder="휴대전화 번호 11자리"
          inputMode="numeric"
          value={fields.phone ?? ''}
          onChange={(e) => setFields({ ...fields, phone: e.target.value })}
        />
      ) : null}
      {chosenFee === 'FEE' ? (
        <div className="fee-fields">
          <p className="muted">
            {feeEnabled
              ? '세금계산서 발행 시 부가세 10%가 더해진 금액이 결제됩니다.'
              : '결제 금액에 부가세가 포함되어 세금계산서가 발행됩니다.'}
          </p>
          {TAX_FIELDS.map(([key, label]) => (
            <Input
              key={key}
              label={label}
              value={fields[key] ?? ''}
              onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
            />
          ))}
        </div>
      ) : null}
      <p>
        결제 금액 <strong className="accent">{won(amount)}</strong>
      </p>
      <Button block onClick={() => void pay()}>
        토스페이먼츠로 결제하기
      </Button>
    </Card>
  );
}
