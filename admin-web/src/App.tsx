import { Admin, Resource } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { LoginPage } from './layout/LoginPage';
import { Dashboard } from './dashboard';
import { resources } from './resources';

/** The operator console, served at /admin/ (every deep link answers index.html). */
export const App = () => (
  <BrowserRouter basename="/admin">
    <Admin
      title="관리자 콘솔"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={Layout}
      loginPage={LoginPage}
      disableTelemetry
    >
      {Object.entries(resources).map(([name, r]) => (
        <Resource key={name} name={name} {...r} />
      ))}
    </Admin>
  </BrowserRouter>
);
