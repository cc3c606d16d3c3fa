import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a users-permissions JWT carries (Strapi's `legacy-support` mode). */
export interface JwtPayload {
  id: number;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `30d`, `12h`, `15m`, `90s` or a number of seconds → seconds. */
export function durationSeconds(value: string | number): number {
  if (typeof value === 'number') return value;
  const match = /^(\d+)([smhd]?)$/.exec(value);
  if (!match) throw new TypeError(`invalid duration "${value}"`);
  return Number(match[1]) * UNITS[match[2] || 's'];
}

const sign = (input: string, secret: string) => createHmac('sha256', secret).update(input).digest();

/**
 * Issue an HS256 JWT `{ id, iat, exp }`.
 *
 * @example
 * issueJwt(1, secret, '30d') // 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6MSwiaWF0Ijo…'
 */
export function issueJwt(id: number, secret: string, expiresIn: string | number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload: JwtPayload = { id, iat, exp: iat + durationSeconds(expiresIn) };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

/**
 * The payload of a valid, unexpired HS256 JWT signed with `secret`; undefined for anything else
 * (other algorithms, `none`, a bad signature, malformed JSON, a missing or non-integer id, a
 * missing or non-numeric `exp`).
 */
export function verifyJwt(token: string, secret: string, now = Date.now()): JwtPayload | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, body, signature] = parts;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head?.alg !== 'HS256') return undefined;
    const expected = sign(`${header}.${body}`, secret);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<JwtPayload>;
    if (!payload || !Number.isInteger(payload.id)) return undefined;
    // Every token issued here expires; one without `exp` would be valid forever.
    if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp) || payload.exp * 1000 <= now) return undefined;
    return payload as JwtPayload;
  } catch {
    return undefined;
  }
}
