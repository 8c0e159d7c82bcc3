import { averageTimeText, SERVICE_SPEED_MESSAGES } from '../../../lib/service-speed';

/** "평균 완료 시간 약 2시간 10분"; nothing (or `empty`) while the service has too few completed orders. */
export function AverageTime({ minutes, empty = null }: { minutes: number | null | undefined; empty?: string | null }) {
  if (minutes === null || minutes === undefined)
    return empty ? <span className="average-time muted">{empty}</span> : null;
  return (
    <span className="average-time" data-testid="average-time">
      {SERVICE_SPEED_MESSAGES.averageTimeLabel} {averageTimeText(minutes)}
    </span>
  );
}
