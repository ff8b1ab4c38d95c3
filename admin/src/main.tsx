import './app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createAppSession } from './app/createAppSession.ts';
import { appRoutes, connectRouter } from './app/routes.tsx';
import { SessionProviders } from './app/SessionProviders.tsx';
import { i18nReady } from './features/locale/index.ts';
import { applyColorScheme } from './features/theme/index.ts';

applyColorScheme();

const session = createAppSession();
const router = createBrowserRouter(appRoutes);
connectRouter(router);

await i18nReady;
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <SessionProviders session={session}>
        <RouterProvider router={router} />
      </SessionProviders>
    </StrictMode>,
  );
}
