/**
 * The frame check in front of the LSP reader (src/lsp/frames.ts): well-formed frames pass through
 * byte for byte however the stream is cut; a frame without a usable Content-Length is reported and
 * skipped up to the next header, one too long is drained without being kept (issue 30 §4: one
 * frame without Content-Length left the server alive and deaf for ever).
 */
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardFrames, MAX_FRAME_BYTES } from '../../src/lsp/frames.ts';

const frame = (body: string, headers = ''): string => `${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/** what comes out of the guard when `input` goes in, cut into pieces at `cuts` */
async function through(input: Buffer, cuts: number[] = []): Promise<{ out: string; problems: string[] }> {
  const src = new PassThrough();
  const problems: string[] = [];
  const guarded = guardFrames(src, (m) => problems.push(m));
  const chunks: Buffer[] = [];
  guarded.on('data', (b: Buffer) => chunks.push(b));
  const ended = new Promise<void>((done) => guarded.on('end', () => done()));
  let at = 0;
  for (const c of [...new Set(cuts.filter((x) => x > 0 && x < input.length))].sort((a, b) => a - b)) {
    src.write(input.subarray(at, c));
    at = c;
  }
  src.end(input.subarray(at));
  await ended;
  return { out: Buffer.concat(chunks).toString('utf8'), problems };
}

describe('the frames the language server reads', () => {
  const good = [frame('{"jsonrpc":"2.0","id":1,"method":"a"}'), frame('{"text":"漢字 é"}', 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n'), frame('')];

  it('passes well-formed frames through unchanged, however the stream is cut', async () => {
    const input = Buffer.from(good.join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: input.length }), { maxLength: 12 }), async (cuts) => {
        const r = await through(input, cuts);
        expect(r.out).toBe(good.join(''));
        expect(r.problems).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('skips a frame without a Content-Length, or with one that is no number, and reads on from the next header', async () => {
    for (const bad of ['X-Foo: bar\r\n\r\n{"jsonrpc":"2.0","id":9,"method":"shutdown"}', 'Content-Length: ten\r\n\r\n{"id":9}', 'Content-Length: -5\r\n\r\n{}', 'no colon here\r\n\r\n{}']) {
      const input = Buffer.from(good[0]! + bad + good[1]! + good[2]!);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat({ max: input.length }), { maxLength: 8 }), async (cuts) => {
          const r = await through(input, cuts);
          expect(r.out).toBe(good.join(''));
          expect(r.problems).toHaveLength(1);
          expect(r.problems[0]).toMatch(/^a message was skipped \(.+\); reading on from the next Content-Length header$/);
        }),
        { numRuns: 40 },
      );
    }
  });

  it('drains a frame longer than the limit without keeping it, and reads the one after', async () => {
    const src = new PassThrough();
    const problems: string[] = [];
    const guarded = guardFrames(src, (m) => problems.push(m));
    const out: Buffer[] = [];
    guarded.on('data', (b: Buffer) => out.push(b));
    const ended = new Promise<void>((done) => guarded.on('end', () => done()));
    const length = MAX_FRAME_BYTES + 1;
    src.write(`Content-Length: ${length}\r\n\r\n`);
    const block = Buffer.alloc(1 << 20, 0x20);
    for (let sent = 0; sent < length; sent += block.length) src.write(block.subarray(0, Math.min(block.length, length - sent)));
    src.end(good[0]);
    await ended;
    expect(Buffer.concat(out).toString()).toBe(good[0]);
    expect(problems).toEqual([`a message of ${length.toLocaleString('en')} bytes was skipped: at most ${MAX_FRAME_BYTES.toLocaleString('en')} are read`]);
  });

  it('skips garbage with no header in it at all, and a header block that never ends', async () => {
    const r = await through(Buffer.concat([Buffer.alloc(20_000, 0x41), Buffer.from(good[1]!)]), [7, 9000, 19_999]);
    expect(r.out).toBe(good[1]);
    expect(r.problems).toHaveLength(1);
  });
});
