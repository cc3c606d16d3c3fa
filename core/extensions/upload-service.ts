import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { trustedCaller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { ValidationError } from '../errors.js';
import { mediaLibrary } from '../media/media-library.js';
import { mimeFromName } from '../media/mime.js';
import type { IncomingFile } from '../media/multipart.js';
import { scratchFolder } from '../media/scratch.js';

/** A file as Strapi's upload service takes it: koa-body's (`filepath`, `originalFilename`, `mimetype`) or v4's names. */
interface FileArgument {
  filepath?: string; path?: string; originalFilename?: string; name?: string; mimetype?: string; type?: string;
}

/**
 * `strapi.plugin('upload').service('upload')` (also `strapi.plugins.upload.services.upload`): `upload({ data: { fileInfo },
 * files })` stores the files as `POST /api/upload` does (entries in content/upload/, binaries in public/uploads/) and
 * answers their entries. The caller's temp files stay where they are (Strapi reads them, it does not take them).
 *
 * @example
 * const file = await uploadService(cms).upload({ data: { fileInfo: { name: 'a.png' } }, files: { filepath, originalFilename: 'a.png' } });
 */
export function uploadService(cms: Cms) {
  return {
    async upload(input: { data?: { fileInfo?: unknown }; files?: FileArgument | FileArgument[] }) {
      const given = input?.files === undefined ? [] : ([] as FileArgument[]).concat(input.files);
      const folder = scratchFolder(cms.root);
      await mkdir(folder, { recursive: true });
      const copies = await mkdtemp(join(folder, 'service-upload-'));
      try {
        const files: IncomingFile[] = [];
        for (const [position, file] of given.entries()) {
          const from = file?.filepath ?? file?.path;
          if (typeof from !== 'string') throw new ValidationError('upload: each file needs its filepath');
          const name = file.originalFilename ?? file.name ?? basename(from);
          const path = join(copies, String(position));
          await copyFile(from, path);
          files.push({ name, type: file.mimetype ?? file.type ?? mimeFromName(name), path, size: (await stat(path)).size });
        }
        const entries = await mediaLibrary(cms).upload({ files, fileInfo: input?.data?.fileInfo }, trustedCaller);
        return Array.isArray(input?.files) ? entries : entries[0];
      } finally {
        await rm(copies, { recursive: true, force: true });
      }
    },
  };
}
