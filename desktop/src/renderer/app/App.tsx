import { lazy, Suspense, useEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { FullPageLoader } from '../ui/FullPageLoader';
import { AppProviders } from './AppProviders';
import { prepareHome } from './prepare-home';
import { appRoutes } from './routes';
// With the first page, not the dashboard's chunk: the dashboard's figures are asked for the moment
// Sign In is answered even when that chunk is still arriving (a busy machine, a quick click)
import '../modules/dashboard/early-answers';

// only the desktop's first run shows it: fetched then, not with every sign-in screen
const ServerSetupPage = lazy(() => import('../modules/server-setup/ServerSetupPage').then((module) => ({ default: module.ServerSetupPage })));

/** The whole renderer. `needsServerSetup`: first run of the desktop app, before a server is known. */
export function App({ needsServerSetup = false }: { needsServerSetup?: boolean }) {
  const router = useMemo(() => (needsServerSetup ? null : createBrowserRouter(appRoutes)), [needsServerSetup]);
  // the signed-in home is prepared while the sign-in screen waits for typing, not after Sign In
  useEffect(() => {
    const id = setTimeout(prepareHome, 200);
    return () => clearTimeout(id);
  }, []);
  return (
    <AppProviders>
      {router ? (
        <RouterProvider router={router} />
      ) : (
        <Suspense fallback={<FullPageLoader />}>
          <ServerSetupPage onSaved={() => window.location.reload()} />
        </Suspense>
      )}
    </AppProviders>
  );
}
