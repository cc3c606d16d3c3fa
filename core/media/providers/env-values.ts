const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** A value read from the environment: `{ "env": "NAME" }`, with an optional `"default"` (null: left out when unset). */
const isEnvValue = (value: unknown): value is { env: string; default?: unknown } =>
  isRecord(value) && typeof value.env === 'string' && Object.keys(value).every((key) => key === 'env' || key === 'default');

/**
 * Provider options with every `{ "env": "NAME" }` replaced by the variable (else its `default`), so secrets stay in
 * the environment and out of `cms.config.json`, as Strapi's `env('NAME')`. A variable neither set nor defaulted fails,
 * naming the setting.
 *
 * @example
 * withEnvValues({ region: { env: 'AWS_REGION', default: 'us-east-1' } }, {}, 'upload.providerOptions') // { region: 'us-east-1' }
 */
export function withEnvValues(value: unknown, vars: NodeJS.ProcessEnv, where: string): unknown {
  if (isEnvValue(value)) {
    // `"default": null` is Strapi's `env('NAME')` without a default: unset, the setting is left out.
    const found = vars[value.env] ?? (value.default === null ? undefined : value.default);
    if (found === undefined && value.default !== null) throw new Error(`${where}: environment variable ${value.env} is not set`);
    return found;
  }
  if (Array.isArray(value)) return value.map((item, at) => withEnvValues(item, vars, `${where}[${at}]`));
  if (!isRecord(value)) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, withEnvValues(item, vars, `${where}.${key}`)] as const);
  return Object.fromEntries(entries.filter(([, item]) => item !== undefined));
}
