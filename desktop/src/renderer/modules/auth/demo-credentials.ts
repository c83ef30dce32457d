import { useEffect, useState } from 'react';
import { authApi } from './api';

/** The demo seed's accounts (backend demo mode). Prefilled only when /api/health says demo is on. */
export const DEMO_CREDENTIALS = {
  company: { email: 'admin@demo.test', password: 'Demo@12345' },
  super: { email: 'super@demo.test', password: 'Super@12345' },
} as const;

let demoModeRequest: Promise<boolean> | null = null;

/** Asks the server once per page load; any failure counts as "not demo", so nothing is prefilled. */
export function fetchDemoMode(): Promise<boolean> {
  demoModeRequest ??= authApi.health().then(
    (health) => health.demo === true,
    () => false,
  );
  return demoModeRequest;
}

export function resetDemoModeForTests(): void {
  demoModeRequest = null;
}

export function useDemoMode(): boolean {
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    let alive = true;
    void fetchDemoMode().then((value) => alive && setDemo(value));
    return () => {
      alive = false;
    };
  }, []);
  return demo;
}
