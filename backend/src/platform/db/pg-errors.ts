/** Drizzle wraps driver errors ("Failed query: …"); the PostgreSQL error is its cause. */
export function pgError(err: unknown): { code?: string; message: string; constraint?: string } | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; message?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, message: String(e.message), constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    current = e.cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const e = pgError(err);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
};
