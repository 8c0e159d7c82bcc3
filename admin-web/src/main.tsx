import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

type Setting = { key: string; value: unknown };

// Placeholder until the console issue: proves /admin/ is served and reads the settings.
function App() {
  const [company, setCompany] = useState<string | null>(null);
  useEffect(() => {
    fetch('/api/service/settings')
      .then((r) => r.json() as Promise<Setting[]>)
      .then((list) => setCompany(String(list.find((s) => s.key === 'FOOTER_COMPANY')?.value ?? '')));
  }, []);
  return (
    <>
      <h1>관리자 콘솔</h1>
      <footer data-testid="footer">{company}</footer>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
