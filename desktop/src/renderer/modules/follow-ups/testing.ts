import type { AuthUser, FollowUpRun, FollowUpTemplate } from '@crm/common';
import { cleanNotifications } from '@mantine/notifications';
import { vi } from 'vitest';
import { adminUser, fail, ok } from '../../test/fake-api';
import { resetFollowUpsStoreForTests } from './store';

/** Helpers for the follow-ups component tests (never imported by the app). */

export type FakeRequest = { method: string; path: string; body: unknown };
export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

/** Replaces fetch: `user` signed in (unless null), the given handlers, 404 for anything else. */
export function fakeFollowUpsApi(user: AuthUser | null, handlers: Record<string, FakeHandler>) {
  cleanNotifications();
  resetFollowUpsStoreForTests();
  if (user) localStorage.setItem('token', `token-of-${user.role}`);
  const requests: FakeRequest[] = [];
  const builtIn: Record<string, FakeHandler> = {
    'GET /api/auth/me': () => (user ? ok(user) : fail(401, 'Not signed in')),
    'GET /api/health': () => ok({ status: 'ok', db: 'up', demo: false }),
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const request = { method, path: url.pathname, body };
    requests.push(request);
    const key = `${method} ${url.pathname}`;
    const handler = handlers[key] ?? builtIn[key];
    return handler ? handler(request) : fail(404, `No fake for ${key}`);
  });
  return { requests, to: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path) };
}

let counter = 0;
export const testId = (): string => `0190a0b0-0000-7000-8000-${String(0xf000 + ++counter).padStart(12, '0')}`;

export function makeTemplate(overrides: Partial<FollowUpTemplate> = {}): FollowUpTemplate {
  return {
    _id: testId(),
    name: 'Warm lead',
    messages: [
      { delay: 24, message: 'Hi {{name}}, did you get a chance to look?' },
      { delay: 48, message: 'Last call!' },
    ],
    createdBy: { _id: adminUser._id, name: adminUser.name, role: 'admin' },
    canEdit: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeRun(overrides: Partial<FollowUpRun> = {}): FollowUpRun {
  return {
    _id: testId(),
    contactId: testId(),
    templateId: testId(),
    templateName: 'Warm lead',
    status: 'active',
    stopReason: null,
    stopReasonCode: null,
    stopReasonParams: null,
    pausedReason: null,
    pausedReasonCode: null,
    pausedReasonParams: null,
    startedBy: { _id: adminUser._id, name: adminUser.name },
    startedAt: '2026-11-20T09:00:00.000Z',
    endedAt: null,
    steps: [
      {
        step: 1,
        delay: 1,
        message: 'Hi {{name}}',
        status: 'sent',
        scheduledAt: '2026-11-20T10:00:00.000Z',
        sentAt: '2026-11-20T10:00:03.000Z',
        messageId: testId(),
        reason: null,
        reasonCode: null,
        reasonParams: null,
      },
      { step: 2, delay: 24, message: 'Last call!', status: 'scheduled', scheduledAt: '2026-11-21T10:00:00.000Z', sentAt: null, messageId: null, reason: null, reasonCode: null, reasonParams: null },
    ],
    ...overrides,
  };
}
