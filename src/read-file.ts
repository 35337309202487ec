/**
 * Reading a file that a folder holds or a user named, without trusting what it is. A `.yaml`
 * that is a link to `/dev/zero` made `readFileSync` read until memory ran out, and a named pipe
 * made it wait for a writer for ever. Only a regular file is read, and no more than `max` bytes
 * of it; anything else is a ReadFileError that says why.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export class ReadFileError extends Error {
  constructor(
    message: string,
    /** not-a-file: a device, a pipe, a socket or a folder; too-large: more than `max` bytes */
    readonly reason: 'not-a-file' | 'too-large' | 'unreadable',
    /** too-large: the size found (at least max + 1) */
    readonly size?: number,
  ) {
    super(message);
    this.name = 'ReadFileError';
  }
}

/** the bytes of the regular file at `path` (a link is followed), at most `max` of them */
export function readRegularFile(path: string, max: number): Buffer {
  let fd: number;
  try {
    // a pipe opened without O_NONBLOCK waits for a writer before fstat could say what it is
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new ReadFileError(code === 'ENOENT' ? 'the file does not exist' : String((e as Error).message), 'unreadable');
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new ReadFileError(`it is not a regular file but ${kindOf(st)}`, 'not-a-file');
    if (st.size > max) throw new ReadFileError(`it is ${st.size} bytes`, 'too-large', st.size);
    // read to the end, which may lie past the size fstat gave (a file still being written)
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(max + 1 - total, 1 << 16));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > max) throw new ReadFileError(`it is more than ${max} bytes`, 'too-large', total);
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** readRegularFile as UTF-8 text */
export function readTextFile(path: string, max: number): string {
  return readRegularFile(path, max).toString('utf8');
}

function kindOf(st: import('node:fs').Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isFIFO()) return 'a named pipe';
  if (st.isSocket()) return 'a socket';
  return 'not a file';
}
