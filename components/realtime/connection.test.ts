/** @jest-environment node */
// The tab's side of the realtime channel against a stand-in EventSource: IDENTIFY after HELLO,
// a HEARTBEAT every interval, a missed ACK closing and reconnecting, reconnects backing off
// (doubling, capped, jittered) and starting over after a HELLO. Timers are jest's fake ones.
import { backoffDelay, RealtimeConnection } from "./connection";

type Source = { url: string; closed: boolean; onmessage: ((event: MessageEvent<string>) => void) | null; onerror: (() => void) | null; close: () => void };

function harness(random = () => 1) {
  const sources: Source[] = [];
  const posted: Array<{ op: number; d: Record<string, unknown> }> = [];
  const connection = new RealtimeConnection({
    open: (url) => {
      const source: Source = { url, closed: false, onmessage: null, onerror: null, close: () => void (source.closed = true) };
      sources.push(source);
      return source as unknown as EventSource;
    },
    post: async (body) => void posted.push(body as { op: number; d: Record<string, unknown> }),
    random,
  });
  const say = (message: object) => sources.at(-1)!.onmessage!({ data: JSON.stringify(message) } as MessageEvent<string>);
  return { connection, sources, posted, say };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it("backs off from 1 s, doubling, to at most 60 s, each wait between half and all of it", () => {
  expect([0, 1, 2, 5, 6, 12, 40].map((attempt) => backoffDelay(attempt, () => 1))).toEqual([1000, 2000, 4000, 32000, 60000, 60000, 60000]);
  expect(backoffDelay(3, () => 0)).toBe(4000);
  expect(backoffDelay(30, () => 0)).toBe(30000);
});

it("identifies after HELLO, beats every interval, and closes and reconnects when an ACK is missed", async () => {
  const { connection, sources, posted, say } = harness();
  const heard: string[] = [];
  connection.identify("584327784348909864");
  connection.listen((event) => heard.push(event.t));
  expect(sources).toHaveLength(1);
  say({ op: 0, d: { heartbeat_interval: 30000, stream_id: "s1" } });
  expect(posted).toEqual([{ op: 1, d: { stream_id: "s1", guild_id: "584327784348909864" } }]);

  jest.advanceTimersByTime(30000);
  expect(posted.at(-1)).toEqual({ op: 2, d: { stream_id: "s1", seq: 1 } });
  say({ op: 3, d: { seq: 1 } });
  say({ op: 4, t: "READY", s: 1, d: {} });
  jest.advanceTimersByTime(30000);
  expect(posted.at(-1)).toEqual({ op: 2, d: { stream_id: "s1", seq: 2 } });
  expect(heard).toEqual(["READY"]);

  // No ACK for seq 2 by the next beat: the link is dead.
  jest.advanceTimersByTime(30000);
  expect(sources[0]!.closed).toBe(true);
  jest.advanceTimersByTime(999);
  expect(sources).toHaveLength(1);
  jest.advanceTimersByTime(1);
  expect(sources).toHaveLength(2);
  // The new stream is identified again with the same guild.
  say({ op: 0, d: { heartbeat_interval: 30000, stream_id: "s2" } });
  expect(posted.at(-1)).toEqual({ op: 1, d: { stream_id: "s2", guild_id: "584327784348909864" } });
});

it("waits longer after each failed reconnect, and starts over once a stream says HELLO", () => {
  const { connection, sources, say } = harness();
  connection.listen(() => undefined);
  const waits: number[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    const opened = sources.length;
    sources.at(-1)!.onerror!();
    let waited = 0;
    while (sources.length === opened) {
      jest.advanceTimersByTime(500);
      waited += 500;
    }
    waits.push(waited);
  }
  expect(waits).toEqual([1000, 2000, 4000, 8000]);
  say({ op: 0, d: { heartbeat_interval: 30000, stream_id: "s5" } });
  sources.at(-1)!.onerror!();
  jest.advanceTimersByTime(1000);
  expect(sources).toHaveLength(6);
});
