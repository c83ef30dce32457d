import type { ApiResponse } from '@crm/common';
import { ApiError } from './api-error';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
export type TokenKind = 'user' | 'super';

export interface RequestOptions {
  query?: Query;
  /** JSON-serialisable value, or FormData for uploads. */
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Prefix of every path: `/api` (same origin in the browser; the desktop app proxies it). */
  baseUrl: string;
  getToken: () => string | null;
  getSuperToken: () => string | null;
  /** Called when a request that carried a token is answered 401: the session is gone. */
  onUnauthorized?: (kind: TokenKind) => void;
  fetch?: typeof fetch;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** For exports: the raw bytes of a file response. */
  download(path: string, options?: RequestOptions): Promise<Blob>;
}

/** Spec: requests whose path contains `/super` carry the super administrator's token. */
export const tokenKindFor = (path: string): TokenKind => (path.includes('/super') ? 'super' : 'user');

/** Login calls have no session yet; their 401 means "wrong password", not "session ended". */
const isLoginPath = (path: string): boolean => /\/(auth|super)\/login$/.test(path.split('?')[0] ?? path);

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('Retry-After');
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? seconds : undefined;
}

/**
 * The one HTTP client of the renderer: adds the right bearer token, unwraps the
 * `{ ok, data } | { ok: false, error }` envelope, and turns every failure into an ApiError.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function send(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
    const kind = tokenKindFor(path);
    const token = kind === 'super' ? options.getSuperToken() : options.getToken();
    const headers = new Headers({ Accept: 'application/json' });
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(opts.body);
    }

    let response: Response;
    try {
      response = await doFetch(buildUrl(options.baseUrl, path, opts.query), { method, headers, body, signal: opts.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, undefined, 'Could not reach the server.');
    }

    if (!response.ok) {
      const envelope = await readJson(response);
      const failure = envelope && envelope.ok === false ? envelope : undefined;
      const serverError = typeof failure?.error === 'string' ? failure.error : undefined;
      if (response.status === 401 && token && !isLoginPath(path)) options.onUnauthorized?.(kind);
      throw new ApiError(
        response.status,
        serverError,
        serverError ?? `Request failed with status ${response.status}`,
        retryAfterSeconds(response),
        typeof failure?.code === 'string' ? failure.code : undefined,
        failure?.params,
        failure?.issues,
      );
    }
    return response;
  }

  async function request<T>(method: string, path: string, opts?: RequestOptions): Promise<T> {
    const response = await send(method, path, opts);
    if (response.status === 204) return undefined as T;
    const envelope = await readJson(response);
    if (!envelope) throw new ApiError(response.status, undefined, 'The server sent an unreadable answer.');
    if (envelope.ok === false) {
      throw new ApiError(response.status, envelope.error || undefined, envelope.error || 'Request failed', undefined, envelope.code, envelope.params, envelope.issues);
    }
    return envelope.data as T;
  }

  return {
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    download: async (path, opts) => (await send('GET', path, opts)).blob(),
  };
}

async function readJson(response: Response): Promise<ApiResponse<unknown> | null> {
  try {
    const value: unknown = await response.json();
    return value && typeof value === 'object' && 'ok' in value ? (value as ApiResponse<unknown>) : null;
  } catch {
    return null;
  }
}
