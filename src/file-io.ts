/**
 * Files a user named or a folder holds, read without trusting what they are and written whole.
 *
 * Reading: a `.yaml` that is a link to `/dev/zero` made `readFileSync` read until memory ran out,
 * and a named pipe made it wait for a writer for ever. Only a regular file is read, and no more
 * than `max` bytes of it; anything else is a ReadFileError that says why.
 *
 * Writing (writeWhole): into a file beside the target, then renamed over it, so a full disk or a
 * folder gone while the command ran leaves the old file or none, never half a file; a failure is
 * a WriteFileError that says why in words.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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
    if (!st.isFile()) throw new ReadFileError(`it is not a regular file but ${notFileKind(st)}`, 'not-a-file');
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

/** readRegularFile as UTF-8 text (a byte-order mark at the start is dropped); a NotUtf8Error at
 *  the first byte that is not UTF-8 */
export function readTextFile(path: string, max: number): string {
  return decodeUtf8(readRegularFile(path, max));
}

/** bytes that are not UTF-8: where the first bad byte stands (its line and column as an editor
 *  counts them, in characters of the text before it on its line) */
export class NotUtf8Error extends Error {
  override readonly name = 'NotUtf8Error';
  constructor(
    /** the bad byte's index in the file, and its value */
    readonly offset: number,
    readonly byte: number,
    readonly line: number,
    readonly col: number,
  ) {
    super(`the byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} at line ${line}, column ${col} is not part of a UTF-8 character: save the file as UTF-8`);
  }

  /** the bad byte as `0xFF` */
  get hex(): string {
    return `0x${this.byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * `bytes` as text, refusing what is not UTF-8 rather than turning it into U+FFFD (a replacement
 * character that would end up in a rule's text); a byte-order mark at the start is dropped.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    const at = firstNonUtf8(bytes);
    let lineStart = 0;
    let line = 1;
    for (let i = 0; i < at; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    // the characters before it on its line (valid UTF-8; a byte-order mark dropped as above), as
    // UTF-16 units like every other column
    const before = strictUtf8.decode(bytes.subarray(lineStart, at));
    throw new NotUtf8Error(at, bytes[at] ?? 0, line, before.length + 1);
  }
}

/** the index of the first byte that does not belong to a well-formed UTF-8 sequence (the Unicode
 *  standard's table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF); -1 if none */
export function firstNonUtf8(b: Uint8Array): number {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c === 0xe0) (need = 2), (lo = 0xa0);
    else if ((c >= 0xe1 && c <= 0xec) || c === 0xee || c === 0xef) need = 2;
    else if (c === 0xed) (need = 2), (hi = 0x9f);
    else if (c === 0xf0) (need = 3), (lo = 0x90);
    else if (c >= 0xf1 && c <= 0xf3) need = 3;
    else if (c === 0xf4) (need = 3), (hi = 0x8f);
    else return i;
    for (let k = 1; k <= need; k++) {
      const x = b[i + k];
      if (x === undefined || x < (k === 1 ? lo : 0x80) || x > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

export class WriteFileError extends Error {
  override readonly name = 'WriteFileError';
}

/** `text` as the whole content of `file` (a link is followed), or a WriteFileError naming `what` */
export function writeWhole(file: string, text: string, what: string): void {
  let target = file;
  try {
    target = realpathSync(file);
  } catch {
    // not there yet
  }
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, text, { flag: 'wx' });
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new WriteFileError(`cannot write ${what} to ${file}: ${writeFailure(e, dirname(target))}`);
  }
}

/** why writing into the folder `where` failed, in words */
export function writeFailure(e: unknown, where: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `the folder ${where} does not exist`;
  if (code === 'ENOTDIR') return 'a folder on the way is a file';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM') return 'no permission to write there';
  if (code === 'EROFS') return 'the file system is read-only';
  return (e as Error).message;
}

/** what a path that is no regular file is, in words ("a named pipe") */
export function notFileKind(st: import('node:fs').Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isFIFO()) return 'a named pipe';
  if (st.isSocket()) return 'a socket';
  return 'not a file';
}
