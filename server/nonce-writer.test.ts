/** @jest-environment node */
import fc from "fast-check";
import { nonceWriter } from "./nonce-writer";

const DRAWN = "DRAWNdrawnDRAWNdrawn_-12";
const NONCE = "fresh-nonce-0123456789ab";

function written(chunks: string[]): string {
  const writer = nonceWriter(DRAWN, NONCE);
  return Buffer.concat([...chunks.map((chunk) => writer.push(Buffer.from(chunk))), writer.flush()]).toString();
}

describe("the nonce writer", () => {
  it("writes the response's nonce in every place the page was drawn with the drawing nonce", () => {
    const page = `<script nonce="${DRAWN}">a</script><link nonce="${DRAWN}"><script nonce="${DRAWN}">b</script>`;
    expect(written([page])).toBe(page.replaceAll(DRAWN, NONCE));
  });

  it("finds a drawing nonce split between chunks, however the page is cut", () => {
    const page = `<head><script nonce="${DRAWN}"></script></head><body>${"x".repeat(50)}<script nonce="${DRAWN}">self.__next_f.push([1,"${DRAWN.slice(0, 7)}"])</script></body>`;
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: page.length - 1 }), { maxLength: 12 }), (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), page.length];
        const chunks = at.slice(1).map((end, i) => page.slice(at[i], end));
        expect(written(chunks)).toBe(page.replaceAll(DRAWN, NONCE));
      }),
    );
  });

  it("never changes the chunk it was handed (it may be a cached page)", () => {
    const chunk = Buffer.from(`<script nonce="${DRAWN}"></script>`);
    const before = Buffer.from(chunk);
    nonceWriter(DRAWN, NONCE).push(chunk);
    expect(chunk.equals(before)).toBe(true);
  });

  it("keeps the page's length, and passes a page without the drawing nonce through as it is", () => {
    const page = Buffer.from(`<p>${DRAWN.slice(0, 10)} no nonce here</p>`);
    const writer = nonceWriter(DRAWN, NONCE);
    const out = Buffer.concat([writer.push(page), writer.flush()]);
    expect(out.equals(page)).toBe(true);
    expect(() => nonceWriter(DRAWN, "short")).toThrow();
  });
});
