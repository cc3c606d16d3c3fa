import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';

/** The Public role's upload grants in these tests: everything the upload plugin offers. */
export const UPLOAD_GRANTS = ['upload', 'find', 'findOne', 'destroy'];

/** A private copy of the sample site whose Public role may use the upload plugin (and update articles). */
export function mediaSite(options: { grants?: string[]; articleGrants?: string[]; upload?: Record<string, unknown> } = {}): string {
  const root = copySampleSite();
  const file = join(root, 'cms.config.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  config.permissions.public['plugin::upload.file'] = options.grants ?? UPLOAD_GRANTS;
  config.permissions.public['api::article.article'] = options.articleGrants ?? ['find', 'findOne', 'create', 'update'];
  if (options.upload) config.upload = options.upload;
  // Timestamps in files, as these tests pin them to the millisecond (history mode answers whole seconds).
  config.git = { ...config.git, timestampsFromHistory: false };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return root;
}

export interface Part {
  name: string;
  data: Buffer | string;
  type?: string;
  /** Form field; `files` unless given. */
  field?: string;
}

/** A multipart body: file parts, then text fields (a list value repeats the field). */
export function uploadForm(parts: Part[], fields: Record<string, string | string[]> = {}): FormData {
  const form = new FormData();
  for (const part of parts) form.append(part.field ?? 'files', new Blob([part.data], { type: part.type ?? 'application/octet-stream' }),
    part.name);
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(key, item);
  return form;
}

export interface MediaServer extends TestServer {
  root: string;
  /** POST a multipart body to `/api/upload[?…]` and parse the JSON answer. */
  upload: (form: FormData, search?: string, headers?: Record<string, string>) => Promise<{ status: number; body: any }>;
  /** Does `public/uploads/<name>` exist? */
  stored: (name: string) => boolean;
  /** Names in `public/uploads`. */
  uploads: () => string[];
  /** A project file's text, or undefined. */
  read: (path: string) => string | undefined;
}

export async function mediaServer(root = mediaSite()): Promise<MediaServer> {
  const server = await startApp(root);
  const parse = async (response: Response) => {
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    ...server,
    root,
    upload: async (form, search = '', headers = {}) => parse(await server.request(`/api/upload${search}`,
      { method: 'POST', body: form, headers })),
    stored: (name) => existsSync(join(root, 'public', 'uploads', name)),
    uploads: () => readdirSync(join(root, 'public', 'uploads')).sort(),
    read: (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined),
  };
}

/** A noisy image (so it compresses like a photo) of the given size and format. */
export async function makeImage(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/**
 * A valid, all-black 1-bit greyscale PNG: tiny on disk whatever its dimensions (16000×16000 is
 * about 31 KB), the shape of a decompression bomb. Built by hand: sharp takes seconds to encode it.
 */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (greyscale), no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0, then zeros
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0))]);
}

/** Temp files left in the project's upload scratch folder (`.cms/tmp`). */
export const scratchFiles = (root: string): string[] => (
  existsSync(join(root, '.cms', 'tmp')) ? readdirSync(join(root, '.cms', 'tmp')) : []);
