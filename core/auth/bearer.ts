const WHITE_SPACE = /\s/;

/** The key of an `Authorization: Bearer <key>` header; undefined for none or another scheme. */
export function bearerToken(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  // What clients send: `Bearer <key>` exactly, the key without white space (checked on every request, so no split).
  if (header.startsWith('Bearer ') && header.length > 7 && !WHITE_SPACE.test(header.slice(7))) return header.slice(7);
  const parts = header.trim().split(/\s+/);
  return parts.length === 2 && parts[0].toLowerCase() === 'bearer' ? parts[1] : undefined;
}
