import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './i18n/i18n.ts';
import { matchRoute, runsOnKiosk } from './app/router.ts';
import { registerAppUpdates } from './pwa/appUpdate.ts';
import './styles.css';

if (runsOnKiosk(matchRoute(window.location.pathname))) registerAppUpdates();
await initI18n();
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
