/** The token of an `Authorization: Bearer …` header (HTTP requests and socket handshakes). */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
