// Writes this response's script nonce where Next drew the page with the drawing nonce
// (lib/http/csp.ts), as the page streams out: every occurrence, also one split between two
// chunks. Both nonces have the same length, so the page's length does not change.
// The chunks Next hands over may be its cached page itself: they are never changed in place.

export type NonceWriter = { push(chunk: Buffer): Buffer; flush(): Buffer };

const EMPTY = Buffer.alloc(0);

export function nonceWriter(drawn: string, nonce: string): NonceWriter {
  const from = Buffer.from(drawn);
  const to = Buffer.from(nonce);
  if (from.length !== to.length) throw new Error("nonceWriter: the nonces must have the same length");
  /** The end of the last chunk, held back while it may be the start of a drawing nonce. */
  let held = EMPTY;

  return {
    push(chunk) {
      let out = held.length > 0 ? Buffer.concat([held, chunk]) : chunk;
      let at = out.indexOf(from);
      if (at !== -1 && out === chunk) out = copyOf(chunk);
      while (at !== -1) {
        to.copy(out, at);
        at = out.indexOf(from, at + from.length);
      }
      const keep = partialMatchAtEnd(out, from);
      held = keep > 0 ? Buffer.from(out.subarray(out.length - keep)) : EMPTY;
      return keep > 0 ? out.subarray(0, out.length - keep) : out;
    },
    flush() {
      const rest = held;
      held = EMPTY;
      return rest;
    },
  };
}

/** A copy to write into (not zero-filled first: every byte is copied over). */
function copyOf(chunk: Buffer): Buffer {
  const copy = Buffer.allocUnsafe(chunk.length);
  chunk.copy(copy);
  return copy;
}

/** The length of the longest end of `data` that is a start of `needle` (0 when none). */
function partialMatchAtEnd(data: Buffer, needle: Buffer): number {
  for (let length = Math.min(needle.length - 1, data.length); length > 0; length--) {
    if (data.subarray(data.length - length).equals(needle.subarray(0, length))) return length;
  }
  return 0;
}
