/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import type { PlayerState } from "@/lib/music/state";
import en from "@/messages/en.json";
import { MusicPlayer } from "./music-player";
import type { MusicPlayerText } from "./text";

// The island against the browser's side of the API: the state arrives over the event stream
// (jsdom has no EventSource, so a stand-in delivers it), commands go through fetch, and every
// answer or refusal shows as feedback in the page's words.

const { pluginOff, turnOn, turnedOn } = en.collectionActions;
const text = { ...en.musicPlayer, pluginOff, turnOn, turnedOn } as unknown as MusicPlayerText;
const ON = { name: "Music", enabled: true };
const GUILD = "584342883843309568";
const LOUNGE = { id: "584342883843309570", name: "Lounge" };

class StreamStandIn {
  static last: StreamStandIn | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners: Array<(event: MessageEvent<string>) => void> = [];
  constructor(readonly url: string) {
    StreamStandIn.last = this;
  }
  addEventListener(_type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.readyState = 2;
  }
  emit(state: PlayerState) {
    this.onopen?.();
    for (const listener of this.listeners) listener({ data: JSON.stringify(state) } as MessageEvent<string>);
  }
}

const now = Date.now();
const state = (over: Partial<PlayerState>): PlayerState => ({
  version: 3,
  status: "playing",
  voice_channel_id: LOUNGE.id,
  tracks: [{ id: "t1", title: "Gymnopédie No. 1", artist: "Erik Satie", url: "https://www.youtube.com/watch?v=Gy3n0p3d1e1", duration_ms: 185_000, thumbnail: null, added_by: "1" }],
  current_index: 0,
  position_ms: 0,
  started_at: new Date(now - 62_000).toISOString(),
  server_time: new Date(now).toISOString(),
  ...over,
});

const reply = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;
let calls: Array<{ url: string; method: string; body: unknown }>;
let answer: Response;

beforeEach(() => {
  Object.assign(globalThis, { EventSource: Object.assign(StreamStandIn, { CLOSED: 2 }) });
  document.cookie = "XSRF-TOKEN=test-token";
  calls = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return answer;
  }) as typeof fetch;
});

it("shows the streamed state, sends a command and applies its answer with feedback", async () => {
  render(<MusicPlayer guildId={GUILD} voiceChannels={[LOUNGE]} text={text} plugin={ON} />);
  expect(screen.getByRole("status").textContent).toBe(text.connecting);
  expect(StreamStandIn.last!.url).toBe(`/api/plugins/music/guilds/${GUILD}/events`);
  act(() => StreamStandIn.last!.emit(state({})));
  expect(screen.getByTestId("music-now-playing").textContent).toContain("Gymnopédie No. 1");
  expect(screen.getByRole("progressbar").getAttribute("aria-valuetext")).toBe("1:02 of 3:05");
  expect(screen.getByText("The bot is in Lounge.")).toBeTruthy();

  answer = reply(200, state({ version: 4, status: "paused", started_at: null, position_ms: 63_000 }));
  await act(async () => fireEvent.click(screen.getByRole("button", { name: text.pause })));
  expect(calls).toEqual([{ url: `/api/plugins/music/guilds/${GUILD}/pause`, method: "POST", body: undefined }]);
  expect(screen.getByTestId("music-feedback").textContent).toBe(text.feedback.paused);
  expect(screen.getByRole("button", { name: text.play })).toBeTruthy();
  // An older state arriving late over the stream does not take the newer one back.
  act(() => StreamStandIn.last!.emit(state({ version: 3 })));
  expect(screen.getByRole("button", { name: text.play })).toBeTruthy();
});

it("explains a refused command inline, in the page's words", async () => {
  render(<MusicPlayer guildId={GUILD} voiceChannels={[LOUNGE]} text={text} plugin={ON} />);
  act(() => StreamStandIn.last!.emit(state({ status: "paused", started_at: null, voice_channel_id: null })));
  answer = reply(409, { code: "not_in_voice", status_code: 409, message: "Choose a voice channel for the bot to join first.", error: { message: "…" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: text.play })));
  expect(calls[0]).toMatchObject({ url: `/api/plugins/music/guilds/${GUILD}/resume`, method: "POST" });
  expect(screen.getByRole("alert").textContent).toBe(text.errors.not_in_voice);
});

it("says in the page's words that track search is not set up, and finds a pasted link's track, its length unknown", async () => {
  render(<MusicPlayer guildId={GUILD} voiceChannels={[LOUNGE]} text={text} plugin={ON} />);
  act(() => StreamStandIn.last!.emit(state({})));
  const box = screen.getByRole("searchbox", { name: text.searchLabel });
  expect(box.getAttribute("aria-describedby")).toBe("music-search-hint");
  answer = reply(503, { code: "provider_not_configured", status_code: 503, message: "Searching youtube is not set up on this Guildhall.", error: { message: "…" } });
  fireEvent.change(box, { target: { value: "joplin" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: text.search })));
  expect(calls[0]).toMatchObject({ url: `/api/plugins/music/guilds/${GUILD}/search?q=joplin`, method: "GET" });
  expect(screen.getByRole("alert").textContent).toBe(text.errors.provider_not_configured);

  const link = "https://soundcloud.com/ada-moon/night-engines";
  answer = reply(200, { tracks: [{ title: "Night Engines", artist: "Ada Moon", url: link, duration_ms: null, thumbnail: null }] });
  fireEvent.change(box, { target: { value: link } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: text.search })));
  const results = screen.getByTestId("music-results");
  expect(results.textContent).toContain("Night Engines");
  expect(results.textContent).toContain(text.unknownLength);
});

it("shows how long a track of unknown length has played", () => {
  render(<MusicPlayer guildId={GUILD} voiceChannels={[LOUNGE]} text={text} plugin={ON} />);
  act(() => StreamStandIn.last!.emit(state({ tracks: [{ id: "t1", title: "Night Engines", artist: "Ada Moon", url: "https://soundcloud.com/ada-moon/night-engines", duration_ms: null, thumbnail: null, added_by: "1" }] })));
  const bar = screen.getByRole("progressbar");
  expect(bar.getAttribute("aria-valuetext")).toBe("1:02 played");
  expect(screen.getByTestId("music-track").textContent).toContain(text.unknownLength);
});

it("says the bot plays nothing while Music is off, and turns it on from there", async () => {
  render(<MusicPlayer guildId={GUILD} voiceChannels={[LOUNGE]} text={text} plugin={{ name: "Music", enabled: false }} />);
  act(() => StreamStandIn.last!.emit(state({})));
  const notice = screen.getByTestId("plugin-off");
  expect(notice.textContent).toContain("Music is switched off");
  answer = reply(200, { enabled: true, config: {}, version: 2 });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Turn Music on" })));
  expect(calls).toEqual([{ url: `/api/plugins/music/config/${GUILD}`, method: "PATCH", body: { enabled: true } }]);
  expect(screen.queryByTestId("plugin-off")).toBeNull();
  expect(screen.getByText("Music is on.")).toBeTruthy();
});
