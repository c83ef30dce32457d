import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../config/config.js';
import { TokenService } from './token.service.js';

// A token's verified signature is remembered for a minute; remembering must never accept more than verifying would.
describe('bearer tokens, verified once and remembered', () => {
  const tokens = (maxAgeMs = 3_600_000) => new TokenService({ jwtSecret: 'test-secret-test-secret-test-secret-0123', session: { maxAgeMs } } as AppConfig);
  afterEach(() => vi.useRealTimers());

  it('a remembered token is still refused once it expires, and by the other audience', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const service = tokens(30_000);
    const token = await service.sign({ subject: 'user-1', sessionId: 'session-1', audience: 'tenant' });
    expect(await service.verify(token, 'tenant')).toEqual({ subject: 'user-1', sessionId: 'session-1', audience: 'tenant' });
    expect(await service.verify(token, 'platform')).toBeNull();
    vi.setSystemTime(Date.now() + 31_000);
    expect(await service.verify(token, 'tenant')).toBeNull();
  });

  it('a token signed with another key is refused, and a changed token is not taken for the remembered one', async () => {
    const service = tokens();
    const token = await service.sign({ subject: 'user-1', sessionId: 'session-1', audience: 'tenant' });
    expect(await service.verify(token, 'tenant')).not.toBeNull();
    expect(await service.verify(`${token.slice(0, -2)}xx`, 'tenant')).toBeNull();
    const forged = await new TokenService({ jwtSecret: 'another-secret-another-secret-another-01', session: { maxAgeMs: 3_600_000 } } as AppConfig).sign({
      subject: 'user-1',
      sessionId: 'session-1',
      audience: 'tenant',
    });
    expect(await service.verify(forged, 'tenant')).toBeNull();
  });
});
