import { apiFetch, pageLocale } from "@/lib/http/client-fetch";

// The tab's one realtime connection (lib/realtime/stream.ts), shared by every island that listens
// (the bell, the settings forms): opened by the first listener, kept while the tab lives. The
// server speaks first (HELLO with the heartbeat interval); the tab then IDENTIFYs (with the guild
// a form shows) and sends a HEARTBEAT every interval. A HEARTBEAT whose ACK has not come back by
// the next one means the link is dead: the tab closes it and reconnects, after a capped,
// jittered backoff, as it does when the stream breaks. Opcodes are spec 4's.

const OP = { HELLO: 0, IDENTIFY: 1, HEARTBEAT: 2, HEARTBEAT_ACK: 3, DISPATCH: 4 } as const;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 60_000;

export type Dispatch = { t: string; d: Record<string, unknown> };
type Listener = (event: Dispatch) => void;
type ServerMessage = { op: number; t?: string; d?: Record<string, unknown> };

/** The wait before reconnect attempt `attempt` (0 first): doubling from 1 s, at most 60 s, then 50–100 % of it at random, so tabs do not return all at once. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling * (0.5 + random() / 2));
}

export type ConnectionDeps = {
  open: (url: string) => Pick<EventSource, "close" | "onmessage" | "onerror">;
  post: (body: unknown) => Promise<unknown>;
  random?: () => number;
};

export class RealtimeConnection {
  readonly #deps: ConnectionDeps;
  readonly #listeners = new Set<Listener>();
  #source: ReturnType<ConnectionDeps["open"]> | null = null;
  #streamId: string | null = null;
  #guildId: string | null = null;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #awaitingAck: number | null = null;
  #seq = 0;
  #attempt = 0;

  constructor(deps: ConnectionDeps) {
    this.#deps = deps;
  }

  /** Hears every DISPATCH; the first listener opens the connection. Returns the unsubscribe. */
  listen(listener: Listener): () => void {
    this.#listeners.add(listener);
    if (!this.#source && this.#retry === undefined) this.#connect();
    return () => void this.#listeners.delete(listener);
  }

  /** The guild this tab shows (null: none): sent now, and again after each reconnect. */
  identify(guildId: string | null): void {
    this.#guildId = guildId;
    if (this.#streamId) this.#send(OP.IDENTIFY, { guild_id: guildId });
  }

  #connect(): void {
    this.#retry = undefined;
    const locale = pageLocale();
    const source = this.#deps.open(`/api/realtime${locale ? `?locale=${locale}` : ""}`);
    this.#source = source;
    source.onmessage = (event: MessageEvent<string>) => this.#receive(JSON.parse(event.data) as ServerMessage);
    // The browser would retry on its own schedule: ours backs off instead.
    source.onerror = () => this.#reconnect();
  }

  #receive(message: ServerMessage): void {
    if (message.op === OP.HELLO) {
      this.#attempt = 0;
      this.#streamId = String(message.d?.stream_id);
      this.#awaitingAck = null;
      clearInterval(this.#heartbeat);
      this.#heartbeat = setInterval(() => this.#beat(), Number(message.d?.heartbeat_interval));
      this.#send(OP.IDENTIFY, { guild_id: this.#guildId });
    } else if (message.op === OP.HEARTBEAT_ACK && message.d?.seq === this.#awaitingAck) this.#awaitingAck = null;
    else if (message.op === OP.DISPATCH && message.t) for (const listener of [...this.#listeners]) listener({ t: message.t, d: message.d ?? {} });
  }

  #beat(): void {
    // The last heartbeat was never acknowledged: the link is dead even if the stream looks open.
    if (this.#awaitingAck !== null) return this.#reconnect();
    this.#awaitingAck = ++this.#seq;
    this.#send(OP.HEARTBEAT, { seq: this.#seq });
  }

  #send(op: number, d: Record<string, unknown>): void {
    if (!this.#streamId) return;
    // A lost message shows as a missing ACK (heartbeats) or is sent again on reconnect (IDENTIFY).
    this.#deps.post({ op, d: { stream_id: this.#streamId, ...d } }).catch(() => undefined);
  }

  #reconnect(): void {
    clearInterval(this.#heartbeat);
    this.#source?.close();
    this.#source = null;
    this.#streamId = null;
    if (this.#retry !== undefined) return;
    this.#retry = setTimeout(() => this.#connect(), backoffDelay(this.#attempt++, this.#deps.random));
  }
}

let shared: RealtimeConnection | null = null;

/** This tab's connection (none during a server render or where EventSource is missing). */
export function realtimeConnection(): RealtimeConnection | null {
  if (typeof window === "undefined" || typeof EventSource === "undefined") return null;
  shared ??= new RealtimeConnection({
    open: (url) => new EventSource(url),
    // Not a change of anything a page shows: no router refresh (keepsPages).
    post: (body) => apiFetch("/realtime/messages", { method: "POST", body, silent: true, keepsPages: true }),
  });
  return shared;
}
