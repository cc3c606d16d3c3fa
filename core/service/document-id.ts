import { randomBytes } from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new documentId in Strapi's form: 24 lowercase alphanumerics, the first a letter, from a CSPRNG. */
export function newDocumentId(): string {
  const bytes = randomBytes(48);
  let id = '';
  // Rejection sampling keeps every character uniformly likely.
  for (let i = 0; i < bytes.length && id.length < 24; i++) {
    const alphabet = id.length === 0 ? LETTERS : ALPHABET;
    const limit = 256 - (256 % alphabet.length);
    if (bytes[i] < limit) id += alphabet[bytes[i] % alphabet.length];
  }
  return id.length === 24 ? id : newDocumentId();
}
