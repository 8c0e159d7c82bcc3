import { backoffMs, compose } from './alert-sender.job.js';

describe('operator alert messages', () => {
  it('one alert is its text; several are one summary with 20 lines at most', () => {
    expect(compose([{ text: '새 충전 요청 #1' }])).toBe('[SMM 알림] 새 충전 요청 #1');
    const many = Array.from({ length: 23 }, (_, i) => ({ text: `알림 ${i + 1}` }));
    const lines = compose(many).split('\n');
    expect(lines[0]).toBe('[SMM 알림] 새 알림 23건');
    expect(lines.slice(1, 21)).toEqual(many.slice(0, 20).map((a) => `• ${a.text}`));
    expect(lines[21]).toBe('외 3건');
    expect(lines).toHaveLength(22);
  });

  it('backs off 30 s doubling to an hour, or waits what Telegram asked', () => {
    expect([1, 2, 3, 4, 8, 20].map((n) => backoffMs(n, null))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
    expect(backoffMs(1, 7)).toBe(7_000);
    expect(backoffMs(5, 0)).toBe(1_000);
  });
});
