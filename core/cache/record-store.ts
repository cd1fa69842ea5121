// The record area of one index file, read on demand through a file descriptor held open. Holding
// the descriptor (not the path) is what keeps lazy reads consistent: a writer that renames a new
// index over the file does not change the bytes this one reads, and a process never needs the
// whole area in memory to answer about one file.
import { closeSync, read, readSync } from 'node:fs';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';

const readAsync = promisify(read);

export class RecordStore {
  private fd: number | undefined;

  constructor(
    fd: number,
    /** Where the record area starts in the file. */
    private readonly areaStart: number,
  ) {
    this.fd = fd;
  }

  get closed(): boolean {
    return this.fd === undefined;
  }

  /** `length` bytes at `offset` in the record area; undefined when the file is shorter or closed. */
  read(offset: number, length: number): Buffer | undefined {
    if (this.fd === undefined) return undefined;
    const buffer = Buffer.allocUnsafe(length);
    for (let done = 0; done < length; ) {
      const count = readSync(this.fd, buffer, done, length - done, this.areaStart + offset + done);
      if (count === 0) return undefined;
      done += count;
    }
    return buffer;
  }

  /** read() without blocking the thread (the daemon copying records into a new index). */
  async readAsync(offset: number, length: number): Promise<Buffer | undefined> {
    const buffer = Buffer.allocUnsafe(length);
    for (let done = 0; done < length; ) {
      if (this.fd === undefined) return undefined;
      const { bytesRead } = await readAsync(this.fd, buffer, done, length - done, this.areaStart + offset + done);
      if (bytesRead === 0) return undefined;
      done += bytesRead;
    }
    return buffer;
  }

  /** The bytes of one record, or undefined when they cannot be read or fail their checksum. */
  readChecked(offset: number, length: number, crc: number): Buffer | undefined {
    const bytes = this.read(offset, length);
    return bytes && crc32(bytes) === crc ? bytes : undefined;
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}
