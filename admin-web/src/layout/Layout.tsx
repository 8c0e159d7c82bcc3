import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { LedgerDialogProvider } from '../common/LedgerDialog';
import { Menu } from './Menu';

export const Layout = ({ children }: { children: ReactNode }) => (
  // On a phone the page is the screen's width (react-admin grows it to fit its content): what scrolls sideways
  // (a record page's tabs) scrolls inside it instead of widening the whole page.
  <RaLayout menu={Menu} sx={{ minWidth: { xs: 0, sm: 'fit-content' }, '& .RaLayout-content': { minWidth: { xs: 0 } } }}>
    <LedgerDialogProvider>{children}</LedgerDialogProvider>
  </RaLayout>
);
