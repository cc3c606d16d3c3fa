import type { UploadConfig } from '../upload-config.js';
import { awsS3Provider } from './aws-s3.js';
import { withEnvValues } from './env-values.js';
import { localProvider } from './local.js';
import type { UploadProvider } from './types.js';

export type { ProviderFile, UploadProvider } from './types.js';

const loaded = new WeakMap<UploadConfig, Map<string, Promise<UploadProvider>>>();
const privacy = new WeakMap<UploadConfig, boolean>();

/**
 * Whether answers of a site with this config may carry signed URLs: its provider is private, or is one not built yet
 * that is not the local one (asked before an answer is computed, to keep it out of the caches; see sign-entity.ts).
 */
export function mayBePrivate(config: UploadConfig): boolean {
  return config.provider !== 'local' && privacy.get(config) !== false;
}

/** Build the provider a config names (`{ "env": … }` values read now), loading the AWS SDK for aws-s3. */
function build(root: string, config: UploadConfig, vars: NodeJS.ProcessEnv): Promise<UploadProvider> {
  if (config.provider === 'local') return Promise.resolve(localProvider(root));
  const options = withEnvValues(config.providerOptions, vars, 'upload.providerOptions') as Record<string, unknown>;
  const actions = withEnvValues(config.actionOptions, vars, 'upload.actionOptions') as Record<string, Record<string, unknown>>;
  return awsS3Provider(root, options, actions);
}

/**
 * The upload provider of a project's `upload` config, built once per config (a reload builds it anew). Fails with one
 * line when the config needs what is missing: an environment variable, or the AWS SDK for aws-s3.
 *
 * @example
 * const provider = await uploadProvider(cms.root, cms.config.upload); // provider.name === 'local'
 */
export function uploadProvider(root: string, config: UploadConfig, vars: NodeJS.ProcessEnv = process.env): Promise<UploadProvider> {
  let byRoot = loaded.get(config);
  if (!byRoot) loaded.set(config, byRoot = new Map());
  let provider = byRoot.get(root);
  if (!provider) {
    provider = build(root, config, vars).then((built) => { privacy.set(config, built.isPrivate()); return built; });
    byRoot.set(root, provider);
    provider.catch(() => byRoot!.delete(root));
  }
  return provider;
}

/**
 * The provider that stored an entry (its `provider`): the configured one, or the local one, which is always at hand.
 * Undefined for another provider (Strapi's upload plugin then leaves the binaries where they are).
 */
export async function providerOf(root: string, config: UploadConfig, name: unknown): Promise<UploadProvider | undefined> {
  if (name === config.provider || (name === undefined && config.provider === 'local')) return uploadProvider(root, config);
  return name === 'local' || name === undefined ? localProvider(root) : undefined;
}
