import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/format';

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <time dateTime={now.toISOString()}>{formatDateTime(now)}</time>;
}

/** ENABLE_SERVICE_CHECK: the maintenance banner with a clock updating every second. */
export function ServiceCheckBanner() {
  return (
    <div className="service-check" role="alert" data-testid="service-check">
      <strong>서비스 점검 중입니다.</strong>
      <span>점검 중에는 주문이 불가능합니다. 현재 시각</span>
      <Clock />
    </div>
  );
}
