/** The upload plugin's settings (`upload` in `cms.config.json`), with Strapi's defaults. */
export interface UploadConfig {
  /** Largest file accepted, in bytes (Strapi's `plugin::upload.sizeLimit`, 1 GB). */
  sizeLimit: number;
  /** Largest multipart request read at all, in bytes (Strapi's body parser `maxFileSize`, 200 MB). */
  requestSizeLimit: number;
  /**
   * Largest image accepted, in pixels (width × height read from the file's header before any
   * decoding); beyond it a 400. Not a Strapi setting: a small PNG can declare 16000×16000.
   */
  maxPixels: number;
  /** Responsive formats: name → largest side in pixels (Strapi's `breakpoints`). */
  breakpoints: Record<string, number>;
  /** Generate the breakpoint formats (Strapi's `responsiveDimensions` setting, on by default). */
  responsiveDimensions: boolean;
  /** Re-encode JPEG, PNG, WebP, TIFF and AVIF at quality 80 when that is smaller (`sizeOptimization`, on). */
  sizeOptimization: boolean;
  /** Rotate images by their EXIF orientation (`autoOrientation`, off). */
  autoOrientation: boolean;
  /** Where binaries go: `local` (`public/uploads`, committed) or `aws-s3` (Strapi's `@strapi/provider-upload-aws-s3`). */
  provider: string;
  /** The provider's options, Strapi's `providerOptions` (values `{ "env": "NAME" }` read from the environment). */
  providerOptions: Record<string, unknown>;
  /** Extra parameters per provider call, Strapi's `actionOptions` (`upload`, `uploadStream`, `delete`). */
  actionOptions: Record<string, Record<string, unknown>>;
}

export const DEFAULT_UPLOAD_CONFIG: UploadConfig = {
  sizeLimit: 1_000_000_000,
  requestSizeLimit: 200 * 1024 * 1024,
  maxPixels: 50_000_000,
  breakpoints: { large: 1000, medium: 750, small: 500 },
  responsiveDimensions: true,
  sizeOptimization: true,
  autoOrientation: false,
  provider: 'local',
  providerOptions: {},
  actionOptions: {},
};

/** The providers this CMS carries (Strapi's names). */
export const UPLOAD_PROVIDERS = ['local', 'aws-s3'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const positive = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * Merge a raw `upload` config section over the defaults; `fail` reports a problem (with the file).
 *
 * @example
 * resolveUploadConfig({ sizeLimit: 10_000_000 }, fail).breakpoints // { large: 1000, medium: 750, small: 500 }
 */
export function resolveUploadConfig(raw: unknown, fail: (message: string) => never): UploadConfig {
  if (raw === undefined) return { ...DEFAULT_UPLOAD_CONFIG, breakpoints: { ...DEFAULT_UPLOAD_CONFIG.breakpoints } };
  if (!isRecord(raw)) return fail('upload must be an object such as { "sizeLimit": 10000000 }');
  const config = { ...DEFAULT_UPLOAD_CONFIG, ...raw } as UploadConfig;
  for (const key of ['sizeLimit', 'requestSizeLimit'] as const) {
    if (!positive(config[key])) fail(`upload.${key} must be a positive integer (bytes)`);
  }
  if (!positive(config.maxPixels)) fail('upload.maxPixels must be a positive integer (pixels)');
  for (const key of ['responsiveDimensions', 'sizeOptimization', 'autoOrientation'] as const) {
    if (typeof config[key] !== 'boolean') fail(`upload.${key} must be true or false`);
  }
  if (!isRecord(config.breakpoints)
      || !Object.entries(config.breakpoints).every(([name, size]) => /^[A-Za-z0-9_-]+$/.test(name) && positive(size))) {
    fail('upload.breakpoints must map format names to positive pixel sizes, such as { "large": 1000 }');
  }
  resolveProvider(config, fail);
  for (const key of Object.keys(raw)) {
    if (!(key in DEFAULT_UPLOAD_CONFIG)) fail(`upload.${key} is not a known setting (${Object.keys(DEFAULT_UPLOAD_CONFIG).join(', ')})`);
  }
  return { ...config, breakpoints: { ...config.breakpoints } };
}

/** `provider`, `providerOptions` and `actionOptions` in Strapi's shape; aws-s3 needs `s3Options.params.Bucket`, as Strapi's provider. */
function resolveProvider(config: UploadConfig, fail: (message: string) => never): void {
  if (!(UPLOAD_PROVIDERS as readonly string[]).includes(config.provider)) {
    const names = UPLOAD_PROVIDERS.map((name) => `"${name}"`).join(', ');
    fail(`upload.provider must be one of ${names}, got ${JSON.stringify(config.provider)}`);
  }
  if (!isRecord(config.providerOptions)) fail('upload.providerOptions must be an object');
  if (!isRecord(config.actionOptions) || !Object.values(config.actionOptions).every(isRecord)) {
    fail('upload.actionOptions must map upload, uploadStream and delete to objects of parameters');
  }
  if (config.provider !== 'aws-s3') return;
  const s3 = config.providerOptions.s3Options;
  const params = isRecord(s3) ? s3.params : undefined;
  if (!isRecord(params)) fail('upload.providerOptions.s3Options.params is required for aws-s3 (with at least "Bucket")');
  if (params!.Bucket === undefined) fail('upload.providerOptions.s3Options.params.Bucket is required for aws-s3');
  for (const key of ['baseUrl', 'rootPath'] as const) {
    const value = config.providerOptions[key];
    if (value !== undefined && value !== null && typeof value !== 'string' && !isRecord(value)) {
      fail(`upload.providerOptions.${key} must be a string`);
    }
  }
}
