import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { useLayoutStore } from '../app/layout/store';
import { appRoutes } from '../app/routes';
import { resetAuthStoreForTests } from '../modules/auth/store';
import { resetDemoModeForTests } from '../modules/auth/demo-credentials';
import { useRealtimeStore } from '../modules/realtime/store';
import { reloadSuperStoreForTests } from '../modules/super/store';

/** Fresh stores, as after a page load (localStorage is the only thing that survives). */
export function resetAppState(): void {
  resetAuthStoreForTests();
  resetDemoModeForTests();
  reloadSuperStoreForTests();
  useRealtimeStore.getState().disconnect();
  useLayoutStore.setState({ sidebarCollapsed: localStorage.getItem('crm-sidebar-collapsed') === 'true', mobileNavOpen: false });
}

/** Renders the real route table at `path`, like opening that address in the app. */
export function renderApp(path: string) {
  resetAppState();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user: userEvent.setup() };
}
