import { digestHeading, digestText } from './digest.js';

describe('operator alert digests', () => {
  it('one alert is its text; several are one summary with 20 lines at most', () => {
    expect(digestText(['새 충전 요청 #1'])).toBe('[SMM 알림] 새 충전 요청 #1');
    const many = Array.from({ length: 23 }, (_, i) => `알림 ${i + 1}`);
    const lines = digestText(many).split('\n');
    expect(lines[0]).toBe('[SMM 알림] 새 알림 23건');
    expect(lines[0]).toBe(digestHeading(23));
    expect(lines.slice(1, 21)).toEqual(many.slice(0, 20).map((text) => `• ${text}`));
    expect(lines[21]).toBe('외 3건');
    expect(lines).toHaveLength(22);
  });
});
