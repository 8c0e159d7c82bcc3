import { fireEvent, screen } from '@testing-library/react';
import { dayStamp } from '../../../lib/format';
import { renderWithProviders } from '../../../testing/render';
import { popupsInPage, popupsQueryOptions } from '../api/get-popups';
import { PopupLayer } from './popup-layer';

const popups = [
  { id: 1, enabled: true, imageUrl: '/a.png' },
  { id: 2, enabled: false, imageUrl: '/b.png' },
  { id: 3, enabled: true, imageUrl: '/c.png' },
];
const shown = () =>
  (screen.queryByRole('img', { name: '공지 팝업' }) as HTMLImageElement | null)?.getAttribute('src') ?? null;
const show = () => renderWithProviders(<PopupLayer />, { seed: [[popupsQueryOptions.queryKey, popups]] });

describe('popups', () => {
  it('shows enabled popups one at a time; 닫기 and a click outside close them for now only', () => {
    const view = show();
    expect(shown()).toBe('/a.png');
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    expect(shown()).toBe('/c.png');
    fireEvent.click(screen.getByTestId('popup'));
    expect(shown()).toBeNull();
    expect(localStorage.getItem('popup-hidden')).toBeNull();
    view.unmount();
    show();
    expect(shown()).toBe('/a.png');
  });

  it('오늘 하루 보지 않기 stores {popupId, date} under popup-hidden and hides that popup for today', () => {
    const view = show();
    fireEvent.click(screen.getByRole('button', { name: '오늘 하루 보지 않기' }));
    expect(JSON.parse(localStorage.getItem('popup-hidden')!)).toEqual([{ popupId: '1', date: dayStamp(new Date()) }]);
    expect(shown()).toBe('/c.png');
    view.unmount();
    renderWithProviders(<PopupLayer />, { seed: [[popupsQueryOptions.queryKey, popups]], keepStorage: true });
    expect(shown()).toBe('/c.png');
  });

  it('a record of today hides the popup on the next visit, one of another day does not', () => {
    const seed: [readonly unknown[], unknown][] = [[popupsQueryOptions.queryKey, popups]];
    const yesterday = new Date(Date.now() - 86_400_000);
    localStorage.clear();
    localStorage.setItem(
      'popup-hidden',
      JSON.stringify([
        { popupId: '1', date: dayStamp(new Date()) },
        { popupId: '3', date: dayStamp(yesterday) },
      ]),
    );
    const view = renderWithProviders(<PopupLayer />, { seed, keepStorage: true });
    expect(shown()).toBe('/c.png');
    view.unmount();
    localStorage.setItem('popup-hidden', JSON.stringify([{ popupId: '1', date: dayStamp(yesterday) }]));
    renderWithProviders(<PopupLayer />, { seed, keepStorage: true });
    expect(shown()).toBe('/a.png');
  });

  it('takes over from the first paint: what was closed there stays closed for this visit', () => {
    const page = globalThis as { __STOREFRONT_CLOSED__?: string[] };
    page.__STOREFRONT_CLOSED__ = ['1'];
    try {
      const view = show();
      expect(shown()).toBe('/c.png');
      fireEvent.click(screen.getByRole('button', { name: '닫기' }));
      expect(shown()).toBeNull();
      view.unmount();
    } finally {
      delete page.__STOREFRONT_CLOSED__;
    }
    show();
    expect(shown()).toBe('/a.png');
  });

  it('reads the popups the server wrote into the page, and nothing when it wrote none', () => {
    const page = globalThis as { __STOREFRONT__?: unknown };
    expect(popupsInPage()).toBeUndefined();
    page.__STOREFRONT__ = { popups };
    try {
      expect(popupsInPage()).toEqual(popups);
      page.__STOREFRONT__ = { popups: 'nope' };
      expect(popupsInPage()).toBeUndefined();
    } finally {
      delete page.__STOREFRONT__;
    }
  });
});
