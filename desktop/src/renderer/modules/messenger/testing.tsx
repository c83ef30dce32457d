import type { AuthUser, Chat, Message } from '@crm/common';
import { cleanNotifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../app/AppProviders';
import type { CrmSocket } from '../../lib/realtime-client';
import { vi } from 'vitest';
import { adminUser, fail, ok } from '../../test/fake-api';
import { FakeSocket } from '../../test/fake-socket';
import { resetAuthStoreForTests, useAuthStore } from '../auth/store';
import { resetCannedResponsesStoreForTests } from '../canned-responses/store';
import { useRealtimeStore } from '../realtime/store';
import { resetWhatsAppStoreForTests } from './connection/store';
import { resetChatStoreForTests } from './store';

/** Helpers for the messenger's component tests (never imported by the app). */

let counter = 0;
export const testId = (): string => `0190a0b0-0000-7000-8000-${String(0xc000 + ++counter).padStart(12, '0')}`;

export function makeChat(overrides: Partial<Chat> = {}): Chat {
  const id = overrides._id ?? testId();
  return {
    _id: id,
    contactId: id,
    name: 'Mona Hassan',
    phone: '+201001112233',
    stage: 'lead',
    assignedTo: null,
    hasActiveFollowUp: false,
    lastMessageAt: '2026-11-22T10:00:00.000Z',
    lastMessagePreview: 'Is the blue dress available?',
    lastMessageDirection: 'in',
    lastMessageSentBy: null,
    unreadCount: 0,
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    _id: testId(),
    contactId: testId(),
    kind: 'message',
    handOver: null,
    mentions: [],
    direction: 'in',
    type: 'text',
    body: 'Hello',
    createdAt: '2026-11-22T10:00:00.000Z',
    status: 'received',
    ack: 0,
    deleted: false,
    deletedByContact: false,
    hidden: false,
    error: null,
    errorCode: null,
    errorParams: null,
    retryable: false,
    automated: false,
    followUpRunId: null,
    sentBy: null,
    sentByName: null,
    clientId: null,
    meta: null,
    ...overrides,
  };
}

/** Fresh messenger stores, a signed-in user and a scriptable socket (the test plays the server). */
export function messengerTestSetup(user: AuthUser | null = adminUser): FakeSocket {
  cleanNotifications();
  resetAuthStoreForTests();
  resetChatStoreForTests();
  resetWhatsAppStoreForTests();
  resetCannedResponsesStoreForTests();
  sessionStorage.clear();
  if (user) useAuthStore.setState({ status: 'authenticated', user, token: 'token' });
  const socket = new FakeSocket('http://localhost', { auth: { token: 'token' } });
  useRealtimeStore.setState({ socket: socket as unknown as CrmSocket, status: 'connected' });
  return socket;
}

/** Renders `ui` inside the app's providers and a router (at `path`). */
export function renderWithApp(ui: ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
      { path: '/contacts/:id', element: <h1>Contact profile</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user: userEvent.setup() };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export type FakeRequest = { method: string; path: string; url: URL; body: unknown };
export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

/**
 * Replaces fetch with handlers keyed by "METHOD /api/path" (the query is in `url`), plus the calls
 * every signed-in screen makes; anything else answers 404.
 */
export function fakeMessengerApi(user: AuthUser | null, handlers: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];
  const builtIn: Record<string, FakeHandler> = {
    'GET /api/auth/me': () => (user ? ok(user) : fail(401, 'Not signed in')),
    'GET /api/health': () => ok({ status: 'ok', db: 'up', demo: false }),
    'GET /api/notifications': () => ok({ items: [], total: 0, unreadCount: 0 }),
    'GET /api/canned-responses': () => ok({ items: [], total: 0 }),
    'GET /api/follow-up-templates': () => ok({ items: [], total: 0 }),
    'GET /api/scheduled-messages': () => ok({ items: [], total: 0, timeZone: 'Africa/Cairo' }),
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const request = { method, path: url.pathname, url, body };
    requests.push(request);
    const key = `${method} ${url.pathname}`;
    const handler = handlers[key] ?? builtIn[key];
    return handler ? handler(request) : fail(404, `No fake for ${key}`);
  });
  return { requests, to: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path) };
}

/** jsdom lays nothing out: scroll boxes report this size, so virtualised lists render a window. */
export function fakeViewport(size = { width: 360, height: 720 }): () => void {
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => size.height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => size.width });
  return () => {
    if (height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', height);
    if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
  };
}
