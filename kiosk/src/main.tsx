import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicPage } from './features/public-page/PublicPage.tsx';
import { initI18n } from './i18n/i18n.ts';
import './styles.css';

await initI18n();
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <PublicPage path={window.location.pathname} />
    </StrictMode>,
  );
}
