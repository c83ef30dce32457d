import type { ValidationIssue } from '@crm/common';

export type ApiAnswer<T = any> = {
  status: number;
  body: { ok: boolean; data: T; error?: string; code?: string; params?: Record<string, string | number>; field?: string; issues?: ValidationIssue[] };
  headers: Headers;
};

type Options = { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> };

/** A small HTTP client for integration tests: JSON in, the envelope out, with a chosen client address. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, options: Options = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    let body: FormData | string | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(this.baseUrl + '/api' + path, { method, headers, body });
    const text = await res.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { ok: false, error: text };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get<T = any>(path: string, options?: Options) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, body?: unknown, options?: Options) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = any>(path: string, body?: unknown, options?: Options) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  patch<T = any>(path: string, body?: unknown, options?: Options) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  delete<T = any>(path: string, options?: Options) {
    return this.request<T>('DELETE', path, options);
  }
}
