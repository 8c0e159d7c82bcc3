import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { LedgerDialogProvider } from '../common/LedgerDialog';
import { Menu } from './Menu';

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout menu={Menu}>
    <LedgerDialogProvider>{children}</LedgerDialogProvider>
  </RaLayout>
);
