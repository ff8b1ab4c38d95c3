import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.tsx';
import { createAppSession } from './app/createAppSession.ts';
import { appRoutes, connectRouter } from './app/routes.tsx';
import { i18nReady } from './features/locale/index.ts';

const session = createAppSession();
const router = createBrowserRouter(appRoutes);
connectRouter(router);

await i18nReady;
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <AppProviders session={session}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
