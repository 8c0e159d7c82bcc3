import { Login, LoginForm } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSiteBrand } from '../common/brand';

/** The shop's logo and console title (SITE_LOGO_URL, SITE_NAME) and its company name (FOOTER_COMPANY) above the operator login form. */
const SiteName = () => {
  const { logoUrl, company, title } = useSiteBrand();
  return (
    <Typography variant="h6" align="center" sx={{ mt: 1 }}>
      {logoUrl && (
        <Box
          component="img"
          src={logoUrl}
          alt=""
          data-testid="console-logo"
          sx={{ display: 'block', mx: 'auto', maxHeight: 48, maxWidth: 200, mb: 1 }}
        />
      )}
      {company && <span data-testid="company">{company}</span>}
      <br />
      <span data-testid="console-title">{title}</span>
    </Typography>
  );
};

export const LoginPage = () => (
  <Login>
    <SiteName />
    <LoginForm />
  </Login>
);
