import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { bridge } from '../lib/bridge';
import { useAuthStore } from '../modules/auth/store';

/** Top of the route tree: checks the stored session once, and follows notification clicks. */
export function RootRoute() {
  const navigate = useNavigate();

  useEffect(() => {
    void useAuthStore.getState().bootstrap();
  }, []);

  useEffect(() => bridge.onNotificationClick(({ route }) => void navigate(route)), [navigate]);

  return <Outlet />;
}
