import { LINK_MESSAGES, MASS_ORDER_MESSAGES, ORDER_MESSAGES, type MassOrderLineView } from '../../../lib/contracts';
import { massLineErrors, unknownServiceMessage } from './mass-line-errors';

const line = (
  text: string,
  error: string | null,
  serviceId: number | null = null,
): Omit<MassOrderLineView, 'errors'> => ({
  line: 1,
  text,
  serviceId,
  service: serviceId ? '인스타그램 🇰🇷 팔로워' : null,
  link: '',
  amount: null,
  point: null,
  error,
  orderId: null,
});

describe('a mass-order line’s errors', () => {
  it('names an unknown service number instead of 서비스를 선택해 주세요', () => {
    expect(
      massLineErrors(line('999999 | https://www.instagram.com/p/x | 100', ORDER_MESSAGES.serviceRequired)),
    ).toEqual([unknownServiceMessage('999999')]);
    expect(unknownServiceMessage('999999')).toBe(
      '999999번 서비스가 없습니다. 주문하기 화면에서 서비스 번호를 확인해 주세요.',
    );
  });

  it('reports both errors of a line with an unknown service and a bad link (the server stopped at the link)', () => {
    expect(massLineErrors(line('888888 | not-a-link | 100', LINK_MESSAGES.invalid))).toEqual([
      unknownServiceMessage('888888'),
      LINK_MESSAGES.invalid,
    ]);
    expect(massLineErrors(line('888888 | not-a-link | many', LINK_MESSAGES.invalid))).toEqual([
      unknownServiceMessage('888888'),
      LINK_MESSAGES.invalid,
      ORDER_MESSAGES.amountRequired,
    ]);
  });

  it('keeps a known service’s own error, a line the server could not split, and a good line as they are', () => {
    expect(massLineErrors(line('12 | https://www.instagram.com/p/x | 1', ORDER_MESSAGES.amountBelowMin, 12))).toEqual([
      ORDER_MESSAGES.amountBelowMin,
    ]);
    expect(massLineErrors(line('no separators here', MASS_ORDER_MESSAGES.lineFormat))).toEqual([
      MASS_ORDER_MESSAGES.lineFormat,
    ]);
    expect(massLineErrors(line('12 | https://www.instagram.com/p/x | 100', null, 12))).toEqual([]);
    // A server that sends every error of the line: all of them.
    expect(massLineErrors({ ...line('12 | x | 1', 'a', 12), errors: ['a', 'b'] })).toEqual([
      'a',
      'b',
      LINK_MESSAGES.invalid,
    ]);
  });
});
