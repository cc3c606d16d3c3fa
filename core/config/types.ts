/** Project configuration: `cms.config.json` (or `.mjs`/`.js`) in the project root, under version control. */
export type Action = 'find' | 'findOne' | 'create' | 'update' | 'delete';

export interface RestConfig {
  /** Path prefix of the content API (Strapi's `api.rest.prefix`). */
  prefix: string;
  defaultLimit: number;
  maxLimit: number;
  withCount: boolean;
  /** Reject unknown top-level query keys (Strapi's `api.rest.strictParams`). */
  strictParams: boolean;
}

export interface CmsConfig {
  /** Locale codes that exist; the first is the default unless `defaultLocale` says otherwise. */
  locales: string[];
  defaultLocale: string;
  api: { rest: RestConfig };
  /** What the Public role may do, per content type (uid, plural or singular API id) → actions. */
  permissions: { public: Record<string, Action[]> };
  server: { port: number; host: string };
  /** Commit every API or CLI write to git (also `cms serve --git-commit`). */
  git: { commitPerWrite: boolean };
  /** Strapi-style webhooks, sent after successful writes. */
  webhooks: WebhookConfig[];
  /** `cms export`: named populate shapes exported beside the plain API (name → query string). */
  export: { populate: Record<string, string> };
}

export type WebhookEvent = 'entry.create' | 'entry.update' | 'entry.delete' | 'entry.publish' | 'entry.unpublish' | 'entry.draft-discard';

export interface WebhookConfig {
  url: string;
  headers?: Record<string, string>;
  /** Events to send; all when absent. */
  events?: WebhookEvent[];
}

export const DEFAULT_CONFIG: CmsConfig = {
  locales: ['en'],
  defaultLocale: 'en',
  api: { rest: { prefix: '/api', defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false } },
  permissions: { public: {} },
  server: { port: 1337, host: 'localhost' },
  git: { commitPerWrite: false },
  webhooks: [],
  export: { populate: {} },
};

/** Identity helper so a `cms.config.mjs` gets types: `export default defineConfig({...})`. */
export function defineConfig(config: Partial<CmsConfig> & Record<string, unknown>): Partial<CmsConfig> {
  return config;
}
