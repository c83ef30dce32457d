import { authApi } from '../auth/api';

/** True when the configured server answers its health check. */
export async function checkServer(): Promise<boolean> {
  try {
    const health = await authApi.health();
    return health.status === 'ok' || health.status === 'degraded';
  } catch {
    return false;
  }
}
