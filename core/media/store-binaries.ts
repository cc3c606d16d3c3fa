import { whenAcknowledged } from '../replication/write-context.js';
import type { Data } from '../types.js';
import type { PreparedFile } from './prepare-file.js';
import type { ProviderFile, UploadProvider } from './providers/types.js';

/** The provider's view of the file or of one of its formats. */
function providerFile(fields: Data, format: string | undefined): ProviderFile & { target: Data } {
  const target = format ? (fields.formats as Record<string, Data>)[format] : fields;
  const ext = String(target.ext ?? fields.ext ?? '');
  return { hash: String(target.hash), ext, mime: String(target.mime ?? fields.mime), path: null, target };
}

/**
 * Hand every binary of a prepared file to the provider, the file first and then each format (as Strapi's upload
 * plugin), and keep the URL each answers in the entry, with the provider's name. A failure removes what was stored
 * before it, so a refused upload leaves nothing behind. Answers the repository paths to commit (none off Git).
 */
export async function storeBinaries(provider: UploadProvider, prepared: PreparedFile): Promise<string[]> {
  const { fields } = prepared;
  const stored: ProviderFile[] = [];
  try {
    for (const binary of prepared.binaries) {
      const file = providerFile(fields, binary.format);
      file.target.url = await provider.upload(file, binary.path);
      stored.push(file);
    }
  } catch (error) {
    for (const file of stored) await provider.remove(file).catch(() => undefined);
    throw error;
  }
  fields.provider = provider.name;
  fields.provider_metadata = null;
  return stored.map((file) => provider.gitPath(file)).filter((path): path is string => path !== undefined);
}

/** Remove binaries through the provider that stored them; answers the repository paths that changed. */
export async function removeBinaries(provider: UploadProvider | undefined, files: ProviderFile[]): Promise<string[]> {
  if (!provider) return [];
  for (const file of files) await provider.remove(file);
  return files.map((file) => provider.gitPath(file)).filter((path): path is string => path !== undefined);
}

/**
 * Remove binaries once the write that drops them is acknowledged: a local provider's files now (their removal goes into
 * the write's commit, answered as the paths), a bucket's objects as `afterWrite`, to call after the entry's commit: it
 * runs once the write is on the remote (a replica's push), so a failed commit or push (the entry comes back) leaves them.
 */
export async function removeBinariesOnceWritten(
  provider: UploadProvider | undefined, files: ProviderFile[],
): Promise<{ paths: string[]; afterWrite: () => Promise<void> }> {
  const nothing = async () => undefined;
  if (!provider || !files.length) return { paths: [], afterWrite: nothing };
  if (files.some((file) => provider.gitPath(file) !== undefined)) {
    return { paths: await removeBinaries(provider, files), afterWrite: nothing };
  }
  return { paths: [], afterWrite: () => whenAcknowledged(async () => { await removeBinaries(provider, files); }) };
}
