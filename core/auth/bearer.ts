/** The key of an `Authorization: Bearer <key>` header; undefined for none or another scheme. */
export function bearerToken(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const parts = header.trim().split(/\s+/);
  return parts.length === 2 && parts[0].toLowerCase() === 'bearer' ? parts[1] : undefined;
}
