import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswerReader } from './http-load';

const answer = (status: number, body: string, chunked: boolean) =>
  chunked
    ? `HTTP/1.1 ${status} X\r\nTransfer-Encoding: chunked\r\n\r\n${
        body
          .match(/.{1,7}/gs)
          ?.map((c) => `${Buffer.byteLength(c).toString(16)}\r\n${c}\r\n`)
          .join('') ?? ''
      }0\r\n\r\n`
    : `HTTP/1.1 ${status} X\r\ncontent-type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe('the load client reads keep-alive answers', () => {
  it('finds every answer and its status, however the bytes are split', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            status: fc.constantFrom(200, 204, 404, 503),
            body: fc.string({ maxLength: 60 }),
            chunked: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.array(fc.nat(), { maxLength: 10 }),
        (answers, cuts) => {
          const bytes = Buffer.from(answers.map((a) => answer(a.status, a.body, a.chunked)).join(''));
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const reader = new AnswerReader();
          const seen: number[] = [];
          let at = 0;
          for (const p of [...points, bytes.length]) {
            seen.push(...reader.feed(bytes.subarray(at, p)));
            at = p;
          }
          expect(seen).toEqual(answers.map((a) => a.status));
        },
      ),
    );
  });

  it('does not count an answer before its last byte', () => {
    const reader = new AnswerReader();
    const whole = Buffer.from(answer(200, '[{"id":1}]', false));
    expect(reader.feed(whole.subarray(0, whole.length - 1))).toEqual([]);
    expect(reader.feed(whole.subarray(whole.length - 1))).toEqual([200]);
  });
});
