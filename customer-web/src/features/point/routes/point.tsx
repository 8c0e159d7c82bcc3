import { useState } from 'react';
import { PageTitle } from '../../../components/ui/card';
import { chargeFeeTypes } from '../../../lib/contracts';
import { useSettings } from '../../../lib/settings';
import { ChargeForm, type ChargeRequest } from '../components/charge-form';
import { ChargeHistory } from '../components/charge-history';
import { DepositPanel } from '../components/deposit-panel';

/** /point: the charge form, then the deposit instructions, plus the charge history. */
export default function PointRoute() {
  const settings = useSettings();
  const [request, setRequest] = useState<ChargeRequest | null>(null);
  const feeTypes = chargeFeeTypes(settings.text('ENABLE_PAYMENT_TYPE'), settings.flag('ENABLE_PAYMENT_FEE'));
  return (
    <div className="page">
      <PageTitle sub="무통장 입금으로 포인트를 충전합니다.">잔액충전</PageTitle>
      <div className="two-columns">
        {request ? (
          <DepositPanel request={request} onAgain={() => setRequest(null)} />
        ) : (
          <ChargeForm key={feeTypes.join()} presets={settings.numbers('POINT_CHARGE_BUTTON_OPTIONS')} feeTypes={feeTypes} onCharged={setRequest} />
        )}
        <ChargeHistory />
      </div>
    </div>
  );
}
