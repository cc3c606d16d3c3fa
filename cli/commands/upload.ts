import { copyFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { Command } from 'commander';
import { trustedCaller } from '../../core/access/permissions.js';
import type { FileInfo } from '../../core/media/file-info.js';
import { mediaLibrary } from '../../core/media/media-library.js';
import { mimeFromName } from '../../core/media/mime.js';
import { Scratch, scratchFolder } from '../../core/media/scratch.js';
import { parseQueryString } from '../../core/strapi/parse-query.js';
import type { CliContext } from '../context.js';

interface UploadOptions { root?: string; alt?: string; caption?: string; pretty?: boolean; gitCommit?: boolean }

const GIT_COMMIT = [
  '--git-commit', 'commit the change to git, authored by your git identity (env CMS_GIT_COMMIT=1, config git.commitPerWrite)',
] as const;

/**
 * `cms upload <path...>` and `cms files list|get|delete`: the media library as the site owner,
 * printing the same JSON as `POST /api/upload` and `/api/upload/files`.
 */
export function registerUpload(program: Command, ctx: CliContext, search: () => string): void {
  program.command('upload').description('add files to the media library (POST /api/upload): public/uploads + content/upload')
    .argument('<path...>', 'files to upload')
    .option('--alt <text>', 'alternative text for every file')
    .option('--caption <text>', 'caption for every file')
    .option('--root <dir>', 'project root')
    .option('--pretty', 'indent the JSON output')
    .option(...GIT_COMMIT)
    .action(async (paths: string[], options: UploadOptions) => {
      const cms = await ctx.loadCms(options.root, options.gitCommit ? { gitCommit: true } : {});
      // The library moves what it is given into place, so it gets copies (made by the kernel, not through memory).
      const scratch = await Scratch.open(scratchFolder(cms.root));
      try {
        const files = await Promise.all(paths.map(async (path) => {
          const full = resolve(ctx.cwd, path);
          const copy = scratch.file();
          await copyFile(full, copy);
          return { name: basename(full), type: mimeFromName(full), path: copy, size: (await stat(copy)).size };
        }));
        const info: FileInfo = {};
        if (options.alt !== undefined) info.alternativeText = options.alt;
        if (options.caption !== undefined) info.caption = options.caption;
        ctx.printJson(await mediaLibrary(cms).upload({ files, fileInfo: files.map(() => info) }, trustedCaller), options.pretty);
      } finally {
        await scratch.dispose();
      }
    });

  const files = program.command('files').description('list, read and delete media library files (/api/upload/files)');
  files.command('list').description('every file entry (query options as in the URL: --filters[mime][$startsWith]=image --sort=name)')
    .option('--root <dir>', 'project root')
    .option('--pretty', 'indent the JSON output')
    .action(async (options: UploadOptions) => {
      const cms = await ctx.loadCms(options.root);
      ctx.printJson(mediaLibrary(cms).find(parseQueryString(search()), trustedCaller), options.pretty);
    });
  files.command('get').description('one file entry by id (or documentId)')
    .argument('<id>', 'numeric id, or the documentId (the file name in content/upload)')
    .option('--root <dir>', 'project root')
    .option('--pretty', 'indent the JSON output')
    .action(async (id: string, options: UploadOptions) => {
      const cms = await ctx.loadCms(options.root);
      ctx.printJson(mediaLibrary(cms).findOne(id, parseQueryString(search()), trustedCaller), options.pretty);
    });
  files.command('delete').description('delete a file, its formats and every reference to it in documents')
    .argument('<id>', 'numeric id, or the documentId')
    .option('--root <dir>', 'project root')
    .option('--pretty', 'indent the JSON output')
    .option(...GIT_COMMIT)
    .action(async (id: string, options: UploadOptions) => {
      const cms = await ctx.loadCms(options.root, options.gitCommit ? { gitCommit: true } : {});
      const { file, documents } = await mediaLibrary(cms).remove(id, trustedCaller);
      ctx.printJson(file, options.pretty);
      const cleared = documents.length ? `; references cleared in ${documents.join(', ')}` : '';
      ctx.stderr.write(`deleted file ${String(file.id)} (${String(file.name)})${cleared}\n`);
    });
  for (const command of files.commands) {
    command.exitOverride().configureOutput({ writeOut: (text) => ctx.stdout.write(text), writeErr: (text) => ctx.stderr.write(text) });
  }
}
