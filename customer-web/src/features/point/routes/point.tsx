import { useState } from 'react';
import { PageTitle } from '../../../components/ui/card';
import { allowedFeeTypes, type ChargeInstructions } from '../../../lib/contracts';
import { useSettings } from '../../../lib/settings';
import { useMaintenance } from '../../../lib/maintenance';
import { MaintenanceBanner } from '../../../components/maintenance-banner';
import { ChargeForm } from '../components/charge-form';
import { ChargeHistory } from '../components/charge-history';
import { DepositPanel } from '../components/deposit-panel';
import { TossPayPanel } from '../components/toss-pay-panel';

/** /point: the charge form, then the deposit instructions, plus the charge history. */
export default function PointRoute() {
  const settings = useSettings();
  // In maintenance the server refuses new charges: the forms give way to the banner (history stays).
  const paused = useMaintenance().active;
  const [charge, setCharge] = useState<ChargeInstructions | null>(null);
  // The server accepts exactly these fee types for ENABLE_PAYMENT_TYPE (contracts/charge.ts).
  const feeTypes = allowedFeeTypes(settings.text('ENABLE_PAYMENT_TYPE'));
  return (
    <div className="page">
      <PageTitle sub="무통장 입금으로 포인트를 충전합니다.">잔액충전</PageTitle>
      <MaintenanceBanner what="충전" />
      <div className="two-columns">
        {charge ? (
          <DepositPanel charge={charge} onAgain={() => setCharge(null)} />
        ) : paused ? null : (
          <ChargeForm
            key={feeTypes.join()}
            presets={settings.numbers('POINT_CHARGE_BUTTON_OPTIONS')}
            feeTypes={feeTypes}
            feeEnabled={settings.flag('ENABLE_PAYMENT_FEE')}
            accountReady={
              !settings.loaded || (!!settings.text('BANKING_NAME') && !!settings.text('BANKING_ACCOUNT_NUMBER'))
            }
            onCharged={setCharge}
          />
        )}
        {charge || paused ? null : (
          <TossPayPanel
            presets={settings.numbers('POINT_CHARGE_BUTTON_OPTIONS')}
            feeTypes={feeTypes}
            feeEnabled={settings.flag('ENABLE_PAYMENT_FEE')}
          />
        )}
        <ChargeHistory />
      </div>
    </div>
  );
}
