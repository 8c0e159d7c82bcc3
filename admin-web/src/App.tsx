import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { useSiteBrand } from './common/brand';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { LoginPage } from './layout/LoginPage';
import { darkTheme, lightTheme } from './layout/theme';
import { Dashboard } from './dashboard';
import { resources, resourcePermissions } from './resources';
import { SecurityPage } from './security/SecurityPage';
import type { Permission } from '../../server/src/contracts/operators.js';

/** The operator console, served at /admin/ (every deep link answers index.html); titled after the shop (SITE_NAME). */
export const App = () => (
  <BrowserRouter basename="/admin">
    <BrandedAdmin />
  </BrowserRouter>
);

/** The shop's console title (SITE_NAME) in react-admin's app bar and the tab. */
const BrandedAdmin = () => {
  const { title } = useSiteBrand();
  return (
    <Admin
      title={title}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={Layout}
      theme={lightTheme}
      darkTheme={darkTheme}
      loginPage={LoginPage}
      disableTelemetry
    >
      {/* Only the resources the operator's role may read exist for them: no menu entry, no route. */}
      {(permissions: Permission[] | undefined) => [
        ...Object.entries(resources)
          .filter(([name]) => permissions?.includes(resourcePermissions[name]!))
          .map(([name, r]) => <Resource key={name} name={name} {...r} />),
        // Every operator's own page (내 보안 설정: the second factor).
        <CustomRoutes key="self">
          <Route path="/security" element={<SecurityPage />} />
        </CustomRoutes>,
      ]}
    </Admin>
  );
};
