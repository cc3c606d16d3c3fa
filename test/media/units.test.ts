import { describe, expect, it } from 'vitest';
import { parseFileInfo } from '../../core/media/file-info.js';
import { fileExtension, fileHash, nameFile } from '../../core/media/naming.js';
import { bytesToHumanReadable, bytesToKbytes } from '../../core/media/units.js';
import { DEFAULT_UPLOAD_CONFIG, resolveUploadConfig } from '../../core/media/upload-config.js';

const fail = (message: string): never => { throw new Error(message); };

describe("Strapi's hash rule", () => {
  it.each([
    ['pizza-margherita', 'pizza_margherita'],
    ['Default Avatar', 'Default_Avatar'],
    ['Crème brûlée', 'Creme_brulee'],
    ['fooBar', 'foo_Bar'],
    ['a  b__c', 'a_b_c'],
    ['😀', ''],
  ])('slugifies %j to %j, then adds _ and 10 hex characters', (base, slug) => {
    expect(fileHash(base)).toMatch(new RegExp(`^${slug}_[0-9a-f]{10}$`));
  });

  it('draws a new suffix every time', () => {
    expect(fileHash('same')).not.toBe(fileHash('same'));
  });

  it.each([
    ['photo.JPG', 'image/jpeg', '.JPG'],
    ['notes', 'text/plain', '.txt'],
    ['archive.tar.gz', 'application/gzip', '.gz'],
    ['weird.p ng', 'image/png', '.png'],
    ['noext', 'application/x-unknown', ''],
  ])('takes the extension of %j (%s) as %j', (name, mime, ext) => {
    expect(fileExtension(name, mime)).toBe(ext);
  });

  it('names a file by fileInfo.name when given, hashing its base name', () => {
    const named = nameFile('IMG_0001.jpg', 'image/jpeg', 'Sunset at sea.jpg');
    expect(named.name).toBe('Sunset at sea.jpg');
    expect(named.ext).toBe('.jpg');
    expect(named.hash).toMatch(/^Sunset_at_sea_[0-9a-f]{10}$/);
  });
});

describe('size units', () => {
  it.each([[0, 0], [5, 0.01], [1234, 1.23], [1235, 1.24], [1_000_000, 1000]])('%d bytes are %d KB', (bytes, kb) => {
    expect(bytesToKbytes(bytes)).toBe(kb);
  });
  it.each([[1000, '1 KB'], [1_000_000_000, '1 GB'], [209_715_200, '210 MB'], [512, '512 Bytes']])('%d bytes print as %s', (bytes, text) => {
    expect(bytesToHumanReadable(bytes)).toBe(text);
  });
});

describe('fileInfo', () => {
  it.each<[unknown, unknown[]]>([
    [undefined, []],
    ['{"alternativeText":"A"}', [{ alternativeText: 'A' }]],
    [['{"caption":"1"}', '{"caption":"2"}'], [{ caption: '1' }, { caption: '2' }]],
    ['[{"name":"a.png"},{"name":"b.png"}]', [{ name: 'a.png' }, { name: 'b.png' }]],
    [{ focalPoint: { x: 1, y: 2 }, caption: null }, [{ focalPoint: { x: 1, y: 2 }, caption: null }]],
    // as Strapi's non-strict yup: unknown keys left out, numbers cast to text (recorded: upload.post.info.alt, .name.number)
    ['{"alt":"x","caption":"kept"}', [{ caption: 'kept' }]],
    ['{"name":3}', [{ name: '3' }]],
  ])('reads %j', (raw, expected) => {
    expect(parseFileInfo(raw)).toEqual(expected);
  });

  it.each([
    ['{"name":{"a":1}}', 'fileInfo.name must be a `string` type, but the final value was: `{"a":1}`.'],
    ['{"focalPoint":{"x":"1"}}', 'fileInfo.focalPoint.y is a required field'],
    // recorded: upload.post.info.focal.bad
    ['{"focalPoint":{"x":500,"y":"a"}}', '2 errors occurred'],
    ['{"focalPoint":{"x":-1,"y":1}}', 'fileInfo.focalPoint.x must be greater than or equal to 0'],
    ['"text"', 'fileInfo must be a `object` type, but the final value was: `"text"`.'],
  ])('rejects %s', (raw, message) => {
    expect(() => parseFileInfo(raw)).toThrow(message);
  });
});

describe('upload config', () => {
  it("defaults to Strapi's settings", () => {
    expect(resolveUploadConfig(undefined, fail)).toEqual(DEFAULT_UPLOAD_CONFIG);
    expect(DEFAULT_UPLOAD_CONFIG).toMatchObject({ sizeLimit: 1_000_000_000, breakpoints: { large: 1000, medium: 750, small: 500 } });
  });
  it.each([
    [{ sizeLimit: 0 }, 'upload.sizeLimit must be a positive integer (bytes)'],
    [{ breakpoints: { large: 'big' } }, 'upload.breakpoints must map format names'],
    [{ sizeOptimisation: true }, 'upload.sizeOptimisation is not a known setting'],
    [{ autoOrientation: 'yes' }, 'upload.autoOrientation must be true or false'],
  ])('rejects %j', (raw, message) => {
    expect(() => resolveUploadConfig(raw, fail)).toThrow(message);
  });
});
