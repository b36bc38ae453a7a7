// Tests only: reads a Server-Sent Events answer message by message (each `data:` line as JSON),
// in order; `next()` waits for the next one, `closed()` for the server to end the stream.

export type SseReader = { next: () => Promise<Record<string, unknown>>; closed: () => Promise<void>; cancel: () => Promise<void> };

export function readSse(response: Response): SseReader {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const queue: Array<Record<string, unknown>> = [];
  let buffer = "";
  let done = false;

  /** Reads until a message is queued, or the stream ends. */
  async function fill(): Promise<void> {
    while (queue.length === 0 && !done) {
      const chunk = await reader.read();
      if (chunk.done) {
        done = true;
        return;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split("\n").filter((line) => line.startsWith("data: ")).map((line) => line.slice(6));
        if (data.length > 0) queue.push(JSON.parse(data.join("\n")) as Record<string, unknown>);
      }
    }
  }

  return {
    async next() {
      await fill();
      const message = queue.shift();
      if (!message) throw new Error("the stream ended");
      return message;
    },
    async closed() {
      while (!done) {
        queue.length = 0;
        await fill();
      }
    },
    cancel: () => reader.cancel(),
  };
}

/** The next message that satisfies `wanted`, skipping the others. */
export async function nextMatching(stream: SseReader, wanted: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (;;) {
    const message = await stream.next();
    if (wanted(message)) return message;
  }
}
