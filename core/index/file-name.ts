/**
 * Content file names: `<documentId>[.<locale>][.draft].<ext>`.
 * The plain file is the default locale's published version (and its draft, while they are equal);
 * `.draft` holds a draft that differs from the published version, or alone a never-published document.
 */
export interface FileName {
  documentId: string;
  /** Locale segment as written; undefined means the default locale. */
  locale: string | undefined;
  draft: boolean;
  ext: string;
}

export const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function parseFileName(name: string): FileName | undefined {
  const parts = name.split('.');
  if (parts.length < 2 || parts.length > 4) return undefined;
  const ext = `.${parts.pop()!.toLowerCase()}`;
  const documentId = parts.shift()!;
  if (!DOCUMENT_ID_PATTERN.test(documentId)) return undefined;
  let draft = false;
  if (parts[parts.length - 1] === 'draft') {
    draft = true;
    parts.pop();
  }
  const locale = parts.shift();
  if (parts.length) return undefined;
  return { documentId, locale, draft, ext };
}

export function formatFileName({ documentId, locale, draft, ext }: FileName): string {
  // The present parts joined by dots (a write names its file several times: no list for it)
  let name = documentId || '';
  if (locale) name = name ? `${name}.${locale}` : locale;
  if (draft) name = name ? `${name}.draft` : 'draft';
  return name + ext;
}
