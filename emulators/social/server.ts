import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { z } from "zod";
import { liveInput, publishInput, type ControlAnswer, type FakeControl } from "./control";
import { SOCIAL_FAKES } from "./fakes";
import { replyJson } from "./reply";

// One local server standing in for every social provider's HTTP API (Twitch Helix, YouTube
// Data API, …), for tests and for `npm start`'s demo. A control API lets tests and the demo
// make a provider fail or rate-limit, count the calls it received, and make things happen:
//   POST /__fake/faults { segment, status, retry_after?, times? }   the next `times` calls answer `status`
//   GET  /__fake/calls?segment=twitch                               { count, paths } (every call below /twitch, Helix's included)
//   POST /__fake/live { provider: "twitch"|"kick", login, live, title? }
//        the streamer (login, slug or user id) goes live (a new stream, new id and start, each
//        time it goes live) or offline → { live, started_at, stream_id (Twitch: Kick's streams have none) }
//   POST /__fake/publish { provider: "youtube"|"reddit"|"twitter"|"tiktok"|"instagram"|"rss"|"podcasts", source, title? }
//        a new newest video, post or feed entry of that channel, subreddit, account or feed
//        (a feed's file name, "ada-notes.xml", or URL; it gets a new ETag and Last-Modified) → { id, … }
//   POST /__fake/reset                                              faults, counts, and every stream and item above undone
// Unknown sources answer 404, bodies that are not as above 400. The feeds answer If-None-Match
// and If-Modified-Since with 304 until something is published in them.

type Fault = { status: number; retryAfter?: number; times: number };

export type SocialFakeServer = {
  url: string;
  /** The settings that point every adapter at this fake, and let the guarded fetch reach it. */
  env: Record<string, string>;
  /** The same for the providers `source` (process.env) has no credentials for: what npm start applies. */
  envFor(source: Record<string, string | undefined>): Record<string, string>;
  close(): Promise<void>;
};

export async function startSocialFake({ port = 0, quiet = false }: { port?: number; quiet?: boolean } = {}): Promise<SocialFakeServer> {
  const faults = new Map<string, Fault>();
  const calls = new Map<string, string[]>();

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!quiet) console.error("social fake:", error);
      if (!res.headersSent) replyJson(res, 500, { error: "fake failure" });
      else res.end();
    });
  });
  server.keepAliveTimeout = 70_000;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake.local");
    const body = await readBody(req);
    const [segment = "", ...rest] = url.pathname.split("/").filter(Boolean);
    if (segment === "__fake") return control(req, res, url, body, rest);
    const fake = SOCIAL_FAKES.find((item) => item.segment === segment);
    if (!fake) return replyJson(res, 404, { error: "unknown provider" });
    calls.set(segment, [...(calls.get(segment) ?? []), `${req.method} /${rest.join("/")}${url.search}`]);
    const fault = faults.get(segment);
    if (fault && fault.times > 0) {
      fault.times -= 1;
      if (fault.retryAfter !== undefined) res.setHeader("Retry-After", String(fault.retryAfter));
      return replyJson(res, fault.status, { error: "fault injected", status: fault.status });
    }
    if (!(await fake.handle({ req, res, url, body, path: rest }))) replyJson(res, 404, { error: "not found" });
  }

  function control(req: IncomingMessage, res: ServerResponse, url: URL, body: string, rest: string[]) {
    if (req.method === "POST" && rest[0] === "faults") {
      const { segment, status, retry_after: retryAfter, times = 1 } = JSON.parse(body) as { segment: string; status: number; retry_after?: number; times?: number };
      faults.set(segment, { status, retryAfter, times });
      return replyJson(res, 204, null);
    }
    if (req.method === "GET" && rest[0] === "calls") {
      const paths = calls.get(url.searchParams.get("segment") ?? "") ?? [];
      return replyJson(res, 200, { count: paths.length, paths });
    }
    if (req.method === "POST" && rest[0] === "live") return act(res, liveInput.safeParse(parseJson(body)), (input, control) => control.live?.(input));
    if (req.method === "POST" && rest[0] === "publish") return act(res, publishInput.safeParse(parseJson(body)), (input, control) => control.publish?.(input));
    if (req.method === "POST" && rest[0] === "reset") {
      faults.clear();
      calls.clear();
      for (const fake of SOCIAL_FAKES) fake.control?.reset();
      return replyJson(res, 204, null);
    }
    replyJson(res, 404, { error: "unknown control" });
  }

  /** A control body parsed, handed to the fake that holds the provider's sources. */
  function act<T extends { provider: FakeControl["providers"][number] }>(res: ServerResponse, input: z.ZodSafeParseResult<T>, run: (input: T, control: FakeControl) => ControlAnswer | undefined) {
    if (!input.success) return replyJson(res, 400, { error: "bad control body", issues: input.error.issues });
    const control = SOCIAL_FAKES.find((fake) => fake.control?.providers.includes(input.data.provider))?.control;
    const answer = control ? run(input.data, control) : undefined;
    if (!answer) return replyJson(res, 404, { error: `no such ${input.data.provider} source` });
    return replyJson(res, 200, answer);
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const envOf = (fakes: typeof SOCIAL_FAKES, allowed: string) =>
    Object.assign({ OUTBOUND_ALLOWED_ORIGINS: allowed ? `${allowed},${base}` : base }, ...fakes.map((fake) => fake.env(base))) as Record<string, string>;
  return {
    url: base,
    env: envOf(SOCIAL_FAKES, ""),
    envFor: (source) => envOf(SOCIAL_FAKES.filter((fake) => fake.configuredBy.every((key) => !source[key])), source.OUTBOUND_ALLOWED_ORIGINS ?? ""),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
