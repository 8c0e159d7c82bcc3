import { serviceChangesOf } from './service-change-kinds.js';

describe('serviceChangesOf', () => {
  const shown = (point: string) => ({ visible: true, point });
  const hidden = (point: string) => ({ visible: false, point });

  it('names a rise and a drop by the exact price, and nothing for the same price written differently', () => {
    expect(serviceChangesOf(shown('0.35'), shown('0.4'))).toEqual([
      { kind: 'PRICE_UP', oldPoint: '0.35', newPoint: '0.4' },
    ]);
    expect(serviceChangesOf(shown('10'), shown('9.999999'))).toEqual([
      { kind: 'PRICE_DOWN', oldPoint: '10', newPoint: '9.999999' },
    ]);
    expect(serviceChangesOf(shown('0.350000'), shown('0.35'))).toEqual([]);
  });

  it('pauses, resumes, adds and removes; a hidden service price is no news', () => {
    expect(serviceChangesOf(shown('1'), hidden('1'))[0]!.kind).toBe('PAUSED');
    expect(serviceChangesOf(hidden('1'), shown('2'))).toEqual([{ kind: 'RESUMED', oldPoint: '1', newPoint: '2' }]);
    expect(serviceChangesOf(null, shown('3'))).toEqual([{ kind: 'ADDED', oldPoint: null, newPoint: '3' }]);
    expect(serviceChangesOf(null, hidden('3'))).toEqual([]);
    expect(serviceChangesOf(hidden('3'), null)[0]!.kind).toBe('REMOVED');
    expect(serviceChangesOf(hidden('1'), hidden('2'))).toEqual([]);
  });
});
