const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

type EnvValue = { env: string; default?: unknown; type?: string };

/**
 * A value read from the environment: `{ "env": "NAME" }`, with an optional `"default"` (null: left out when unset) and
 * `"type"` (`int`, `float`, `bool`, `json`, `array`, `date`: Strapi's `env.int(…)` and kin).
 */
const isEnvValue = (value: unknown): value is EnvValue =>
  isRecord(value) && typeof value.env === 'string' && Object.keys(value).every((key) => ['env', 'default', 'type'].includes(key));

/** The variable's text converted as Strapi's `env.<type>` does (its default is used as it is). */
function converted(text: string, value: EnvValue, where: string): unknown {
  switch (value.type) {
    case undefined: return text;
    case 'int': return parseInt(text, 10);
    case 'float': return parseFloat(text);
    case 'bool': return text === 'true';
    case 'date': return new Date(text);
    case 'array': {
      const list = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
      return list.split(',').map((item) => item.trim().replace(/^"+|"+$/g, ''));
    }
    case 'json':
      try {
        return JSON.parse(text);
      } catch (error) {
        throw new Error(`${where}: environment variable ${value.env} is not valid JSON: ${(error as Error).message}`);
      }
    default: throw new Error(`${where}: unknown "type" ${JSON.stringify(value.type)} (int, float, bool, json, array or date)`);
  }
}

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
    const text = vars[value.env];
    if (text !== undefined) return converted(text, value, where);
    const found = value.default === null ? undefined : value.default;
    if (found === undefined && value.default !== null) throw new Error(`${where}: environment variable ${value.env} is not set`);
    return found;
  }
  if (Array.isArray(value)) return value.map((item, at) => withEnvValues(item, vars, `${where}[${at}]`));
  if (!isRecord(value)) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, withEnvValues(item, vars, `${where}.${key}`)] as const);
  return Object.fromEntries(entries.filter(([, item]) => item !== undefined));
}
