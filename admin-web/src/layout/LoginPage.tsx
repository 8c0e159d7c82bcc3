import { useEffect, useState } from 'react';
import { Login, LoginForm } from 'react-admin';
import Typography from '@mui/material/Typography';

/** The site's company name (a public setting) above the operator login form. */
const SiteName = () => {
  const [company, setCompany] = useState('');
  useEffect(() => {
    fetch('/api/service/settings')
      .then((r) => (r.ok ? (r.json() as Promise<{ key: string; value: unknown }[]>) : []))
      .then((list) => setCompany(String(list.find((s) => s.key === 'FOOTER_COMPANY')?.value ?? '')))
      .catch(() => setCompany(''));
  }, []);
  return (
    <Typography variant="h6" align="center" sx={{ mt: 1 }}>
      {company && <span data-testid="company">{company}</span>}
      <br />
      관리자 콘솔
    </Typography>
  );
};

export const LoginPage = () => (
  <Login>
    <SiteName />
    <LoginForm />
  </Login>
);
