import {
  MAINTENANCE_MESSAGES,
  koreanDateTime,
  kstInputInstant,
  kstInputValue,
  maintenanceAt,
  maintenanceProblem,
  maintenanceRefusal,
  type MaintenanceSettings,
} from './maintenance.js';

const at = (iso: string) => new Date(iso);
const values = (over: Partial<MaintenanceSettings> = {}): MaintenanceSettings => ({
  ENABLE_SERVICE_CHECK: true,
  SERVICE_CHECK_MESSAGE: '점검 중',
  SERVICE_CHECK_FROM: '2026-11-28T09:00:00.000Z',
  SERVICE_CHECK_UNTIL: '2026-11-28T11:00:00.000Z',
  ...over,
});

describe('maintenanceAt', () => {
  it('is on from FROM (inclusive) to UNTIL (exclusive) with the switch on', () => {
    expect(maintenanceAt(values(), at('2026-11-28T08:59:59Z'))).toMatchObject({ active: false, upcoming: true });
    expect(maintenanceAt(values(), at('2026-11-28T09:00:00Z'))).toMatchObject({ active: true, upcoming: false });
    expect(maintenanceAt(values(), at('2026-11-28T10:59:59Z')).active).toBe(true);
    expect(maintenanceAt(values(), at('2026-11-28T11:00:00Z'))).toMatchObject({ active: false, upcoming: false });
  });

  it('is never on with the switch off; on without bounds until turned off', () => {
    expect(maintenanceAt(values({ ENABLE_SERVICE_CHECK: false }), at('2026-11-28T10:00:00Z'))).toMatchObject({
      active: false,
      upcoming: false,
    });
    const open = values({ SERVICE_CHECK_FROM: '', SERVICE_CHECK_UNTIL: '' });
    expect(maintenanceAt(open, at('2030-01-01T00:00:00Z'))).toEqual({
      active: true,
      upcoming: false,
      message: '점검 중',
      from: null,
      until: null,
    });
  });

  it('reads a blank message as the default one', () => {
    expect(maintenanceAt(values({ SERVICE_CHECK_MESSAGE: '  ' }), at('2026-11-28T10:00:00Z')).message).toBe(
      MAINTENANCE_MESSAGES.default,
    );
  });
});

describe('maintenanceProblem', () => {
  const now = at('2026-11-28T08:00:00Z');
  it('refuses an end not after the start, a long message, and arming with a past end', () => {
    expect(maintenanceProblem(values({ SERVICE_CHECK_UNTIL: '2026-11-28T09:00:00.000Z' }), [], now)).toEqual({
      key: 'SERVICE_CHECK_UNTIL',
      message: MAINTENANCE_MESSAGES.untilBeforeFrom,
    });
    expect(maintenanceProblem(values({ SERVICE_CHECK_MESSAGE: '가'.repeat(201) }), [], now)?.key).toBe(
      'SERVICE_CHECK_MESSAGE',
    );
    const ended = values({ SERVICE_CHECK_FROM: '', SERVICE_CHECK_UNTIL: '2026-11-28T07:00:00.000Z' });
    expect(maintenanceProblem(ended, ['ENABLE_SERVICE_CHECK'], now)?.message).toBe(MAINTENANCE_MESSAGES.untilPassed);
    // A window that ended by itself does not block changing the message.
    expect(maintenanceProblem(ended, ['SERVICE_CHECK_MESSAGE'], now)).toBeNull();
    expect(maintenanceProblem(values(), ['ENABLE_SERVICE_CHECK', 'SERVICE_CHECK_UNTIL'], now)).toBeNull();
  });
});

describe('Korean time', () => {
  it('writes the end in Korean time and the refusal with it', () => {
    expect(koreanDateTime('2026-11-28T09:05:00Z')).toBe('2026년 11월 28일 (토) 18:05');
    expect(koreanDateTime('2026-11-28T15:30:00Z')).toBe('2026년 11월 29일 (일) 00:30');
    expect(maintenanceRefusal({ message: '점검 중', until: '2026-11-28T09:05:00Z' })).toBe(
      '점검 중 (점검 종료 예정: 2026년 11월 28일 (토) 18:05)',
    );
    expect(maintenanceRefusal({ message: '점검 중', until: null })).toBe('점검 중');
  });

  it('round-trips the console input in Korean time', () => {
    expect(kstInputValue('2026-11-28T09:05:00.000Z')).toBe('2026-11-28T18:05');
    expect(kstInputInstant('2026-11-28T18:05')).toBe('2026-11-28T09:05:00.000Z');
    expect(kstInputValue('')).toBe('');
    expect(kstInputInstant('')).toBe('');
  });
});
