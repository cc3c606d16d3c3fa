import { DEFAULT_UPLOAD_CONFIG, type UploadConfig } from '../media/upload-config.js';
import { DEFAULT_MAX_FILE_SIZE } from '../storage/file-size.js';

/** Project configuration: `cms.config.json` (or `.mjs`/`.js`) in the project root, under version control. */
export type Action = 'find' | 'findOne' | 'create' | 'update' | 'delete';

export interface RestConfig {
  /** Path prefix of the content API (Strapi's `api.rest.prefix`). */
  prefix: string;
  /** Page size when a request names none (Strapi's `api.rest.defaultLimit`). */
  defaultLimit: number;
  /** Largest page size; larger requests are clamped to it (Strapi's `api.rest.maxLimit`). */
  maxLimit: number;
  /** Lists carry `meta.pagination.total` and `pageCount` unless a request says `pagination[withCount]=false`. */
  withCount: boolean;
  /** Reject unknown top-level query keys (Strapi's `api.rest.strictParams`). */
  strictParams: boolean;
  /** Most levels one populate may nest (`populate=author` is 1); deeper is a 400 (project limit, not Strapi's). */
  maxPopulateDepth: number;
  /** Most populated entries (related documents, media files, component items) one answer may hold; more is a 400. */
  maxPopulatedEntries: number;
}

export interface CmsConfig {
  /** Locale codes that exist; the first is the default unless `defaultLocale` says otherwise. */
  locales: string[];
  /** The locale of reads and writes that name none, and of the plain content file (`x.json`, not `x.<locale>.json`). */
  defaultLocale: string;
  api: { rest: RestConfig };
  /**
   * What each users-permissions role may do: content type (uid, plural or singular API id) →
   * actions (the core five and its controller's custom ones, `featured`), or a plugin key
   * (`plugin::users-permissions.user` → `find`, `findOne`, `count`).
   * `public` is the anonymous caller; `authenticated` every signed-in user.
   */
  permissions: { public: Record<string, string[]>; authenticated: Record<string, string[]> };
  /** API tokens, users and sign-in (state lives in `.cms/state.json`, never in Git). */
  auth: AuthConfig;
  /** The upload plugin: size limits, image formats (Strapi's `plugin::upload` settings). */
  upload: UploadConfig;
  /**
   * Content files: `maxFileSize`, the largest a content file may be, in bytes (loading, validate and writes alike);
   * `layout`, per type folder (plural API id), `"flat"` (the default) or `"fan-out"` (`content/<plural>/<xx>/<id>.json`).
   */
  content: { maxFileSize: number; layout: Record<string, 'flat' | 'fan-out'> };
  server: {
    /** Port of `cms serve` (env `PORT` and `--port` win). */
    port: number;
    /** Host `cms serve` binds (env `HOST` and `--host` win). */
    host: string;
    /**
     * `Cache-Control` of successful GET answers: `*` for every type, or a type's uid, plural or
     * singular API id (`plugin::upload.file` for the media library). Default `no-cache`: a CDN may
     * keep answers but revalidates each one (a 304 when nothing changed).
     */
    cacheControl: Record<string, string>;
    /** A reverse proxy in front, as Strapi 5's `server.proxy`: where the client address comes from (the auth rate limit keys on it). */
    proxy: {
      /** Trust the proxy's `ipHeader`; false: the client is the TCP peer (env `CMS_TRUST_PROXY=true` or `false` wins). */
      koa: boolean;
      /** Keep the last this many entries of `ipHeader` and take the first of them: 1 is the one your proxy added; 0 keeps all. */
      maxIpsCount: number;
      /** The header the proxy puts the client address in (`CF-Connecting-IP` behind Cloudflare). */
      ipHeader: string;
    };
    /**
     * Seconds the rest of a body answered before it was read (a 413, a refused upload) is still read and dropped, so the
     * client reads the answer; a client still sending after that has its connection closed.
     */
    unreadBodyLinger: number;
  };
  /** Commit every API or CLI write to git (also `cms serve --git-commit`). */
  git: {
    commitPerWrite: boolean;
    /**
     * Writes leave `updatedAt`/`publishedAt` out of files and the API answers them from Git history
     * (the last commit touching the file; its modification time while uncommitted), so two branches
     * editing one document never collide on those lines.
     */
    timestampsFromHistory: boolean;
    /**
     * New files and `cms fmt` use the merge-safe layout: a blank line between fields (and between
     * component fields and entries), so a plain line merge never sees two fields' edits touch.
     * `false` keeps the compact layout. An edit keeps the layout its file already has.
     */
    mergeSafeLayout: boolean;
    /**
     * The branch the site serves and change requests merge into (false: the branch checked out when the CMS starts). The served
     * checkout must be on it: the CMS never switches it.
     */
    baseBranch: string | false;
    /** Push each write's commit to this remote (e.g. `"origin"`); a rejected push is rebased and retried. */
    push: string | false;
    /** Fast-forward from the remote every this many seconds (false: only on `POST /_cms/git/pull`). */
    pull: number | false;
    /** A replica asks the remote for its branch tip (`git ls-remote`) this often, in seconds, and pulls when it moved (false: off). */
    poll: number | false;
    /** Replicas told (`POST <url>/_cms/git/pull`) after each push: their base URLs (also env `CMS_GIT_PEERS`, comma-separated). */
    peers: string[];
    /** Seconds a write may wait for its push to reach the remote (retries included) before it is answered 503. */
    pushTimeout: number;
    /**
     * A replica with peers sends each write on to one writer replica, so one replica pushes instead of all racing: with
     * a PostgreSQL state store the holder of the writer lock there, else the first healthy one of every replica's sorted
     * URL (its own from env `CMS_GIT_SELF`). False, or env `CMS_GIT_FORWARD_WRITES=false`: every replica pushes its own writes.
     */
    forwardWrites: boolean;
    /**
     * Seconds a replica that forwarded a write waits for the writer's answer past `pushTimeout` before it answers 503 (the
     * write may or may not have been made). False (default): half the push timeout, at least 2 s, so a live writer's own
     * answer always comes first.
     */
    forwardMargin: number | false;
  };
  /** Where users, API tokens and generated secrets live. */
  state: {
    /**
     * Where users, API tokens and generated secrets live: `false` (default) for the local file `.cms/state.json`, or a
     * PostgreSQL URL shared by every replica (env `CMS_STATE_URL` wins: it may hold a password; with neither, a `cms
     * cluster` replica's `.cms/state.url`).
     */
    url: string | false;
    /** Seconds between attempts to reach PostgreSQL again: a server started while it was down, a change listener that lost its connection. */
    reconnectInterval: number;
  };
  /** Strapi-style webhooks, sent after successful writes. */
  webhooks: WebhookConfig[];
  /** The project's own code (`src/`: lifecycles, routes, policies, middlewares, controllers). */
  extensions: {
    /**
     * Seconds a lifecycle hook, or a project route's policies, middlewares and controller, may run before its request
     * fails (`503`); the write it belongs to is then committed whole, or not made at all.
     */
    hookTimeout: number;
  };
  /** `cms export`: named populate shapes exported beside the plain API (name → query string). */
  export: { populate: Record<string, string> };
  /** The editing studio served by `cms serve` (off with `--no-admin`): a browser UI over the REST API. */
  admin: {
    enabled: boolean;
    /** Where it is served: one or more path segments outside the API prefix (default `/admin`). */
    path: string;
  };
  /** The studio shows a document's front-end page beside its form (see config/preview.ts). */
  preview: PreviewConfig;
  /** `/graphql` as `@strapi/plugin-graphql` answers it, with the plugin's own config keys (see docs/guide/graphql.md). */
  graphql: GraphqlConfig;
  /** `/mcp`: Strapi 5.54's MCP server (`server.mcp` in a Strapi project), for AI agents (see docs/guide/mcp.md). */
  mcp: McpConfig;
}

/** Strapi's `server.mcp` keys, plus `branch`: an agent's writes land on a change request of its own. */
export interface McpConfig {
  /** Serve `/mcp` (default false, as Strapi). */
  enabled: boolean;
  /** Bound on connecting a request's MCP server to its transport (Strapi's default 5 s). */
  connectTimeoutMs: number;
  /** Bound on answering one request, a tool call included (Strapi's default 60 s); a write under way then is waited for. */
  requestTimeoutMs: number;
  /** Every write tool call goes to the credential's own change request (branch `mcp/<credential>`); reads answer its view. */
  branch: boolean;
  /** Largest tool result, in characters of its JSON; a larger one is refused with an error naming the limit, unbuilt. */
  maxResultChars: number;
}

/** Strapi's GraphQL plugin config (`config/plugins.js` → `graphql.config`), as `cms.config.json`'s `graphql`. */
export interface GraphqlConfig {
  /** Serve `/graphql` (default false, as a project without the plugin). */
  enabled: boolean;
  /** Where it is served (default `/graphql`), outside the API prefix. */
  endpoint: string;
  /** Generate the types, queries and mutations of every content type (default true). */
  shadowCRUD: boolean;
  /** Deepest selection an operation may nest, refused before it runs (graphql-depth-limit); unset: unbounded, as the plugin. */
  depthLimit?: number;
  /** Accepted as Strapi 5.54 accepts it: a v4 key its plugin no longer reads. */
  amountLimit?: number;
  /** Items a list or to-many relation answers when the query names no pagination (unset: 10, the plugin's default). */
  defaultLimit?: number;
  /** The most items one list answers; -1 (default, as the plugin) for no bound. */
  maxLimit: number;
  /** The Apollo landing page: never served (the plugin's `false`); `true` is refused as unsupported. */
  landingPage: boolean;
  /** Apollo Server options: accepted and ignored (a note is printed when the server starts). */
  apolloServer?: Record<string, unknown>;
}

/** Strapi 5's `server.proxy` keys that decide the client address. */
export type ProxyConfig = CmsConfig['server']['proxy'];

/**
 * Preview, as Strapi 5's `config/admin` `preview: { enabled, config: { allowedOrigins, handler } }`:
 * JSON has no functions, so the handler is a URL template per content type (uid, plural or singular
 * API id) with `{documentId}`, `{locale}`, `{status}` and `{secret}` (env `PREVIEW_SECRET`).
 */
export interface PreviewConfig {
  enabled: boolean;
  /** `allowedOrigins`: origins the preview page may be framed from; `urls`: type → URL template. */
  config: { allowedOrigins: string[]; urls: Record<string, string> };
}

export interface AuthConfig {
  /** `POST /api/auth/local/register` open to anyone (Strapi's `allow_register`). */
  register: boolean;
  /** JWT lifetime: seconds, or a string such as `30d`, `12h`, `15m` (Strapi's `jwt.expiresIn`). */
  jwtExpiresIn: string | number;
  /** HMAC salt for API tokens when env `CMS_API_TOKEN_SALT` is unset (prefer the env: it is a secret). */
  apiTokenSalt?: string;
  /**
   * Auth routes per client address, path and identifier (the sign-in's `identifier`, the `email` of register and
   * forgot-password): at most `max` requests every `interval` ms (Strapi's ratelimit); one count across replicas that
   * share a PostgreSQL state store.
   */
  rateLimit: { enabled: boolean; interval: number; max: number };
}

export type WebhookEvent =
  | 'entry.create' | 'entry.update' | 'entry.delete' | 'entry.publish' | 'entry.unpublish' | 'entry.draft-discard'
  | 'media.create' | 'media.update' | 'media.delete';

export interface WebhookConfig {
  url: string;
  headers?: Record<string, string>;
  /** Events to send; all when absent. */
  events?: WebhookEvent[];
}

export const DEFAULT_CONFIG: CmsConfig = {
  locales: ['en'],
  defaultLocale: 'en',
  api: {
    rest: {
      prefix: '/api', defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false, maxPopulateDepth: 10,
      maxPopulatedEntries: 10_000,
    },
  },
  permissions: { public: {}, authenticated: {} },
  auth: { register: true, jwtExpiresIn: '30d', rateLimit: { enabled: true, interval: 60_000, max: 10 } },
  upload: DEFAULT_UPLOAD_CONFIG,
  content: { maxFileSize: DEFAULT_MAX_FILE_SIZE, layout: {} },
  server: {
    port: 1337, host: 'localhost', cacheControl: { '*': 'no-cache' }, proxy: { koa: false, maxIpsCount: 1, ipHeader: 'X-Forwarded-For' },
    unreadBodyLinger: 5,
  },
  git: {
    commitPerWrite: false, timestampsFromHistory: false, mergeSafeLayout: true, baseBranch: false, push: false, pull: false, poll: 1,
    peers: [], pushTimeout: 10, forwardWrites: true, forwardMargin: false,
  },
  state: { url: false, reconnectInterval: 1 },
  webhooks: [],
  extensions: { hookTimeout: 30 },
  export: { populate: {} },
  admin: { enabled: true, path: '/admin' },
  preview: { enabled: false, config: { allowedOrigins: [], urls: {} } },
  graphql: { enabled: false, endpoint: '/graphql', shadowCRUD: true, maxLimit: -1, landingPage: false },
  mcp: { enabled: false, connectTimeoutMs: 5000, requestTimeoutMs: 60000, branch: false, maxResultChars: 1_000_000 },
};

/** Identity helper so a `cms.config.mjs` gets types: `export default defineConfig({...})`. */
export function defineConfig(config: Partial<CmsConfig> & Record<string, unknown>): Partial<CmsConfig> {
  return config;
}
