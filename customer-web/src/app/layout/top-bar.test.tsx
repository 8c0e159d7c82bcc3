import { render, screen, within } from '@testing-library/react';
import { settingsQueryOptions } from '../../lib/settings';
import { renderWithProviders } from '../../testing/render';
import { AppProvider } from '../provider';
import { TopBar } from './top-bar';

const withSettings = (settings: Record<string, unknown>) =>
  renderWithProviders(<TopBar />, { seed: [[settingsQueryOptions.queryKey, settings]] });
const inHome = () => within(screen.getByRole('link', { name: '홈' }));

describe('the top bar brand', () => {
  it('shows "SMM 패널" and the lettered mark while no name or logo is set', () => {
    withSettings({ SITE_NAME: '', SITE_LOGO_URL: '' });
    expect(inHome().getByTestId('logo-text')).toHaveTextContent(/^SMM 패널$/);
    expect(inHome().getByTestId('logo-mark')).toHaveTextContent(/^S$/);
    expect(inHome().queryByTestId('logo-image')).not.toBeInTheDocument();
  });

  it('shows the shop name SITE_NAME and its first letter', () => {
    withSettings({ SITE_NAME: '팔로우랩' });
    expect(inHome().getByTestId('logo-text')).toHaveTextContent(/^팔로우랩$/);
    expect(inHome().getByTestId('logo-mark')).toHaveTextContent(/^팔$/);
  });

  it('shows the uploaded logo SITE_LOGO_URL in place of the mark', () => {
    withSettings({ SITE_NAME: '팔로우랩', SITE_LOGO_URL: '/uploads/logo-1.png' });
    expect(inHome().getByTestId('logo-image')).toHaveAttribute('src', '/uploads/logo-1.png');
    expect(inHome().queryByTestId('logo-mark')).not.toBeInTheDocument();
    expect(inHome().getByTestId('logo-text')).toHaveTextContent(/^팔로우랩$/);
  });
});

describe('the document title', () => {
  it('follows the shop name', async () => {
    const { queryClient } = await import('../../lib/query-client');
    queryClient.setQueryData(settingsQueryOptions.queryKey, { SITE_NAME: '팔로우랩' });
    render(<AppProvider>{null}</AppProvider>);
    expect(document.title).toBe('팔로우랩');
    queryClient.setQueryData(settingsQueryOptions.queryKey, { SITE_NAME: '' });
    render(<AppProvider>{null}</AppProvider>);
    expect(document.title).toBe('SMM 패널');
  });
});
