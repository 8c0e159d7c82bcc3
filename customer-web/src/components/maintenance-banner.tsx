import { useEffect, useState } from 'react';
import { koreanDateTime, type MaintenanceView } from '../lib/contracts';
import { useMaintenance } from '../lib/maintenance';

// The clock in Korean time, as the expected end is (a phone abroad would otherwise mix two zones).
const kst = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <time dateTime={now.toISOString()}>{kst.format(now)}</time>;
}

const End = ({ view }: { view: MaintenanceView }) =>
  view.until ? (
    <p className="service-check-end">
      점검 종료 예정 <time dateTime={view.until}>{koreanDateTime(view.until)}</time>
    </p>
  ) : (
    <p className="service-check-end">점검이 끝나면 바로 이용하실 수 있습니다.</p>
  );

/**
 * 서비스 점검 (ENABLE_SERVICE_CHECK and its window): while on, the operator's message, the expected end in Korean
 * time and the clock updating every second; before a scheduled start, when it begins. Nothing when open.
 */
export function MaintenanceBanner({ what = '주문' }: { what?: string }) {
  const view = useMaintenance();
  if (view.upcoming && view.from)
    return (
      <div className="service-check service-check-upcoming" role="status" data-testid="service-check-upcoming">
        <strong>서비스 점검 예정</strong>
        <span>
          <time dateTime={view.from}>{koreanDateTime(view.from)}</time>부터
          {view.until ? (
            <>
              {' '}
              <time dateTime={view.until}>{koreanDateTime(view.until)}</time>까지
            </>
          ) : null}{' '}
          {what}이 중지됩니다.
        </span>
      </div>
    );
  if (!view.active) return null;
  return (
    <div className="service-check" role="alert" data-testid="service-check">
      <strong>서비스 점검 중입니다.</strong>
      <p className="service-check-message">{view.message}</p>
      <End view={view} />
      <span className="service-check-now">
        점검 중에는 {what}이 불가능합니다. 현재 시각 <Clock />
      </span>
    </div>
  );
}
