import { closeSync, readSync } from 'node:fs';
import { crc32 } from 'node:zlib';

/** Closes a snapshot's descriptor once no record can read from it any more (records dropped unread). */
const unreachable = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/**
 * The fields region of one snapshot file, read by offset on first use: a restart reads only the
 * snapshot's metadata, and a record's compact JSON is read (and checked against its CRC-32) when a
 * request first reads the record. The descriptor stays open while records may still need it, so a
 * newer snapshot renamed over the file (by this process or another) never changes what it reads:
 * the old file lives on, unlinked, until this closes it.
 *
 * @example
 * const fields = new FieldsFile(fd, 120_000); fields.text(4096, 180, 0x1234abcd) // '{"title":…}' or undefined
 */
export class FieldsFile {
  #fd: number | undefined;
  /** Records that have not read their fields yet: at zero the descriptor is closed at once. */
  #unread: number;
  readonly #token = {};

  constructor(fd: number, unread: number) {
    this.#fd = fd;
    this.#unread = unread;
    unreachable.register(this, fd, this.#token);
    if (unread === 0) this.close();
  }

  /**
   * The bytes at `offset`, when they are all there and match `crc`; undefined otherwise (a file cut
   * short or damaged after the load checked its metadata: the caller reads the content file instead).
   */
  bytes(offset: number, length: number, crc: number): Buffer | undefined {
    const buffer = this.block(offset, length);
    return buffer && crc32(buffer) === crc ? buffer : undefined;
  }

  /** The bytes at `offset`, unchecked (each record in them checks its own CRC-32), or undefined when they are not all there. */
  block(offset: number, length: number): Buffer | undefined {
    if (this.#fd === undefined) return undefined;
    const buffer = Buffer.allocUnsafe(length);
    let read = 0;
    try {
      while (read < length) {
        const got = readSync(this.#fd, buffer, read, length - read, offset + read);
        if (got === 0) return undefined;
        read += got;
      }
    } catch {
      return undefined;
    }
    return buffer;
  }

  /** The text at `offset` (see `bytes`). */
  text(offset: number, length: number, crc: number): string | undefined {
    return this.bytes(offset, length, crc)?.toString('utf8');
  }

  /** One record has read its fields (or no longer needs them): the last one closes the descriptor. */
  done(): void {
    if (--this.#unread <= 0) this.close();
  }

  close(): void {
    if (this.#fd === undefined) return;
    unreachable.unregister(this.#token);
    try {
      closeSync(this.#fd);
    } catch {
      // already closed
    }
    this.#fd = undefined;
  }
}
