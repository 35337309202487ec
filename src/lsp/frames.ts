/**
 * The editor's byte stream, checked frame by frame before vscode-jsonrpc's StreamMessageReader
 * reads it. That reader cannot be told to recover: after a header block without a Content-Length
 * (or with one that is no number) it reports an error and keeps the frame's body in its buffer,
 * where it spoils every header after it — the server stayed up and answered nothing ever again
 * (issue 30 §4). Here a frame passes through unchanged only when its headers say how long it is;
 * anything else is reported and skipped up to the next `Content-Length:` header, and a frame
 * longer than MAX_FRAME_BYTES is reported and drained without being kept, so memory stays bounded
 * whatever the headers say.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { MAX_FILE_BYTES } from '../limits.ts';

/** the longest frame passed on: a whole rules file at the limit, written out as JSON, with room */
export const MAX_FRAME_BYTES = 8 * MAX_FILE_BYTES;
/** a header block longer than this is no header block */
const MAX_HEADER_BYTES = 8 * 1024;
const END = Buffer.from('\r\n\r\n');
const LENGTH = 'content-length:';
const HEADERS = [LENGTH, 'content-type:'];

/**
 * `input` with every frame that is not `Content-Length: n` headers and n bytes of body taken out;
 * `problem` hears what was skipped and why.
 */
export function guardFrames(input: NodeJS.ReadableStream, problem: (message: string) => void): NodeJS.ReadableStream {
  const guard = new FrameGuard(problem);
  input.on('error', (e) => guard.destroy(e));
  return input.pipe(guard);
}

class FrameGuard extends Transform {
  /** what has come and is not passed on yet: its chunks, joined only once a frame is whole */
  private chunks: Buffer[] = [];
  private size = 0;
  /** the bytes a frame being read needs in all (0: not known yet) */
  private need = 0;
  /** body bytes of a refused frame still to drain */
  private skip = 0;
  /** after a refused frame of unknown length: looking for the next Content-Length header */
  private seeking = false;

  constructor(private readonly problem: (message: string) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size < this.need) return done();
    try {
      this.frames(Buffer.concat(this.chunks, this.size));
      done();
    } catch (e) {
      done(e as Error);
    }
  }

  /** pass on every whole frame of `buf`, keep what follows them */
  private frames(buf: Buffer): void {
    for (;;) {
      this.need = 0;
      if (this.skip > 0) {
        const n = Math.min(this.skip, buf.length);
        this.skip -= n;
        buf = buf.subarray(n);
      }
      if (this.seeking) buf = this.seek(buf);
      const end = this.skip > 0 || this.seeking ? -1 : buf.indexOf(END);
      if (end < 0) {
        if (this.skip > 0 || this.seeking || buf.length <= MAX_HEADER_BYTES) return this.keep(buf);
        this.problem(`a message was skipped (a header of more than ${MAX_HEADER_BYTES} bytes); reading on from the next Content-Length header`);
        buf = buf.subarray(1);
        this.seeking = true;
        continue;
      }
      const length = contentLength(buf.toString('latin1', 0, end));
      const body = end + END.length;
      if (typeof length === 'string') {
        this.problem(`a message was skipped (${length}); reading on from the next Content-Length header`);
        buf = buf.subarray(body);
        this.seeking = true;
        continue;
      }
      if (length > MAX_FRAME_BYTES) {
        this.problem(`a message of ${length.toLocaleString('en')} bytes was skipped: at most ${MAX_FRAME_BYTES.toLocaleString('en')} are read`);
        buf = buf.subarray(body);
        this.skip = length;
        continue;
      }
      if (buf.length < body + length) {
        this.need = body + length;
        return this.keep(buf);
      }
      this.push(buf.subarray(0, body + length));
      buf = buf.subarray(body + length);
    }
  }

  private keep(buf: Buffer): void {
    this.chunks = buf.length > 0 ? [buf] : [];
    this.size = buf.length;
  }

  /** `buf` from the next header on (`Content-Length:` or `Content-Type:`, the two LSP has), if it
   *  holds one; else only its end, where such a header may have begun (still seeking) */
  private seek(buf: Buffer): Buffer {
    const text = buf.toString('latin1').toLowerCase();
    const found = HEADERS.map((h) => text.indexOf(h)).filter((i) => i >= 0);
    if (found.length === 0) return buf.subarray(Math.max(0, buf.length - LENGTH.length + 1));
    this.seeking = false;
    return buf.subarray(Math.min(...found));
  }
}

/** the Content-Length of a header block, or why there is none */
function contentLength(headers: string): number | string {
  let found: number | string = 'a message without a Content-Length header';
  for (const line of headers.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) return `a header line without ':'`;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    found = /^[0-9]{1,15}$/.test(value) ? Number(value) : 'a Content-Length that is no number of bytes';
  }
  return found;
}
