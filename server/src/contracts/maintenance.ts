/**
 * 점검 모드: the 서비스 점검 switch (ENABLE_SERVICE_CHECK) with the operator's message and an optional window.
 *
 * The switch arms the mode; the window narrows it. The shop is in maintenance at `now` when the switch is on
 * and now is at or after SERVICE_CHECK_FROM (if set) and before SERVICE_CHECK_UNTIL (if set). So:
 * - switch off: never, whatever the window says (turning it off ends or cancels maintenance at once);
 * - switch on, no window: from now until the operator turns it off;
 * - switch on, FROM set: a scheduled start; UNTIL set: it ends by itself at UNTIL (the switch stays on).
 * Plain TypeScript: the server decides with it, the storefront and the console show its answer.
 */

/** The setting keys of the mode, as the issue names them. */
export const MAINTENANCE_KEYS = [
  'ENABLE_SERVICE_CHECK',
  'SERVICE_CHECK_MESSAGE',
  'SERVICE_CHECK_FROM',
  'SERVICE_CHECK_UNTIL',
] as const;
export type MaintenanceKey = (typeof MAINTENANCE_KEYS)[number];

/** The banner and every refusal show the message; it must fit a phone's banner. */
export const MAINTENANCE_MESSAGE_MAX = 200;

export const MAINTENANCE_MESSAGES = {
  /** What the banner and the refusals say when the operator wrote no message. */
  default: '서비스 점검 중입니다. 점검 중에는 주문과 충전을 할 수 없습니다.',
  messageTooLong: `점검 안내 문구는 ${MAINTENANCE_MESSAGE_MAX}자 이하로 입력해 주세요.`,
  dateInvalid: '날짜와 시각을 올바르게 입력하거나 비워 두어야 합니다.',
  untilBeforeFrom: '점검 종료 시각은 시작 시각보다 뒤여야 합니다.',
  untilPassed: '점검 종료 시각이 이미 지났습니다. 비우거나 이후 시각으로 바꿔 주세요.',
} as const;

/** The stored values the mode reads (FROM and UNTIL as ISO instants, '' for no bound). */
export interface MaintenanceSettings {
  ENABLE_SERVICE_CHECK: boolean;
  SERVICE_CHECK_MESSAGE: string;
  SERVICE_CHECK_FROM: string;
  SERVICE_CHECK_UNTIL: string;
}

/** `GET /api/service/maintenance`: whether the shop is in maintenance now, why and until when. */
export interface MaintenanceView {
  active: boolean;
  /** The operator's message, or the default one. */
  message: string;
  /** ISO instants, null when not set. */
  from: string | null;
  until: string | null;
  /** A scheduled window that has not started yet (switch on, FROM in the future). */
  upcoming: boolean;
}

const instant = (value: string): Date | null => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The mode at `now` from the stored values. */
export function maintenanceAt(values: MaintenanceSettings, now: Date): MaintenanceView {
  const from = instant(values.SERVICE_CHECK_FROM);
  const until = instant(values.SERVICE_CHECK_UNTIL);
  const on = values.ENABLE_SERVICE_CHECK === true;
  const started = !from || from.getTime() <= now.getTime();
  const ended = !!until && until.getTime() <= now.getTime();
  return {
    active: on && started && !ended,
    message: values.SERVICE_CHECK_MESSAGE.trim() || MAINTENANCE_MESSAGES.default,
    from: from?.toISOString() ?? null,
    until: until?.toISOString() ?? null,
    upcoming: on && !started && !ended,
  };
}

/**
 * Why a write leaving `values` is refused, or null. `touched` are the keys the write changes: a past UNTIL only
 * matters when the write turns the switch on or sets UNTIL (a mode that ended by itself keeps its old window).
 */
export function maintenanceProblem(
  values: MaintenanceSettings,
  touched: readonly string[],
  now: Date,
): { key: MaintenanceKey; message: string } | null {
  if (values.SERVICE_CHECK_MESSAGE.length > MAINTENANCE_MESSAGE_MAX)
    return { key: 'SERVICE_CHECK_MESSAGE', message: MAINTENANCE_MESSAGES.messageTooLong };
  const from = instant(values.SERVICE_CHECK_FROM);
  const until = instant(values.SERVICE_CHECK_UNTIL);
  if (from && until && until.getTime() <= from.getTime())
    return { key: 'SERVICE_CHECK_UNTIL', message: MAINTENANCE_MESSAGES.untilBeforeFrom };
  const arming =
    (touched.includes('ENABLE_SERVICE_CHECK') && values.ENABLE_SERVICE_CHECK) ||
    (touched.includes('SERVICE_CHECK_UNTIL') && !!until);
  if (arming && until && until.getTime() <= now.getTime())
    return { key: 'SERVICE_CHECK_UNTIL', message: MAINTENANCE_MESSAGES.untilPassed };
  return null;
}

const KST = 'Asia/Seoul';
const koreanFormat = new Intl.DateTimeFormat('ko-KR', {
  timeZone: KST,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "2026년 11월 28일 (토) 18:00" in Korean time, wherever the code runs. */
export function koreanDateTime(iso: string | Date): string {
  const parts = Object.fromEntries(koreanFormat.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}년 ${parts.month} ${parts.day}일 (${parts.weekday}) ${parts.hour}:${parts.minute}`;
}

/** The refusal of an order or a charge while the mode is on: the message and, when set, the expected end. */
export function maintenanceRefusal(view: Pick<MaintenanceView, 'message' | 'until'>): string {
  return view.until ? `${view.message} (점검 종료 예정: ${koreanDateTime(view.until)})` : view.message;
}

/** The console's datetime-local value ("2026-11-28T18:00", Korean time) of a stored instant; '' for none. */
export function kstInputValue(iso: unknown): string {
  const d = typeof iso === 'string' && iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
}

/** The instant a datetime-local value in Korean time names ('' stays ''). */
export function kstInputInstant(value: string): string {
  if (!value) return '';
  const d = new Date(`${value.length === 16 ? `${value}:00` : value}+09:00`);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
