import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

type Setting = { key: string; value: unknown };

// Placeholder until the storefront issue: proves the build is served and reads the settings.
function App() {
  const [settings, setSettings] = useState<Record<string, unknown> | null>(null);
  useEffect(() => {
    fetch('/api/service/settings')
      .then((r) => r.json() as Promise<Setting[]>)
      .then((list) => setSettings(Object.fromEntries(list.map((s) => [s.key, s.value]))));
  }, []);
  return (
    <>
      <main>주문하기</main>
      <footer data-testid="footer">
        {settings
          ? [settings.FOOTER_COMPANY, settings.FOOTER_CEO, settings.FOOTER_CORPORATION_MARKET_NUMBER, settings.FOOTER_CEO_PHONE_NUMBER, settings.FOOTER_ADDRESS, settings.FOOTER_CORPORATION_NUMBER]
              .filter(Boolean)
              .join(' | ')
          : null}
      </footer>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
