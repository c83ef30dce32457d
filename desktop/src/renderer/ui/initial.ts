/** The avatar letter: first letter of the name, else of the email, else '?'. */
export function initialOf(name: string | null | undefined, fallback?: string | null): string {
  const source = (name?.trim() || fallback?.trim() || '?').charAt(0);
  return source.toLocaleUpperCase();
}
