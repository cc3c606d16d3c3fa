import { createHash } from 'node:crypto';

/**
 * Row and component ids are derived from stable names, never allocated: the same file gives the
 * same id on every machine and restart, two Git branches can never mint the same id for different
 * rows, and a hand-written file needs none. 48 bits keep ids exact JSON numbers while making a
 * collision among a million rows about a one-in-500 chance (collisions are reported at load).
 */
export function deriveId(name: string): number {
  const digest = createHash('sha256').update(name).digest();
  return digest.readUIntBE(0, 6) || 1;
}

export const rowKey = (uid: string, documentId: string, locale: string | null, status: string): string =>
  `${uid}|${documentId}|${locale ?? ''}|${status}`;
