import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startSession } from './lib/auth';
import { initTheme } from './lib/theme';

/** Starts the app over the static first paint of index.html (main.tsx decides when). */
export function start(): void {
  initTheme();
  void startSession();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
