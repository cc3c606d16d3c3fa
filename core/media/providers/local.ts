import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { moveUpload, removeUpload, uploadsFolder } from '../binary-store.js';
import type { ProviderFile, UploadProvider } from './types.js';

const storedName = (file: ProviderFile) => `${file.hash}${file.ext}`;

/**
 * Strapi's `local` provider: binaries under `public/uploads/<hash><ext>`, served at `/uploads/…` and committed with
 * their entries.
 */
export function localProvider(root: string): UploadProvider {
  return {
    name: 'local',
    gitPath: (file) => `public/uploads/${storedName(file)}`,
    upload: async (file, from) => {
      await moveUpload(root, storedName(file), from);
      return `/uploads/${storedName(file)}`;
    },
    download: (file, to) => copyFile(join(uploadsFolder(root), storedName(file)), to),
    remove: (file) => removeUpload(root, storedName(file)),
    isPrivate: () => false,
    signedUrl: async (file) => file.url,
  };
}
