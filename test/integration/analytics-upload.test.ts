/** @jest-environment node */
// Spec 8 and 9's upload rules, with the official Node SDK configured as the app configures it
// (nodeOptions) and our guards (QueueGuard, sendServerEvent), against the local fake of
// Amplitude's HTTP V2 API. The SDK's rules run on its timer's uploads: the tests shorten its
// period (as the flag tests do) and wait for each event's outcome, never for a duration.
import { createInstance, Types } from "@amplitude/analytics-node";
import { FAKE_AMPLITUDE_KEY } from "@/emulators/amplitude/server";
import { QueueGuard } from "@/lib/analytics/queue-guard";
import { flushServerAnalytics, identifyServerUser, nodeOptions, pendingServerEvents, sendServerEvent } from "@/lib/analytics/server-events";
import { uploadNowPlugin } from "@/lib/analytics/upload-now";
import { UPLOAD_RULES } from "@/lib/analytics/upload-rules";
import { getEnv } from "@/lib/env";
import { startAmplitudeHarness, type AmplitudeHarness } from "@/test/amplitude-harness";
import { waitFor } from "@/test/wait-for";
import { withEnv } from "@/test/set-env";

let fake: AmplitudeHarness;
type Timer = ReturnType<typeof setTimeout>;
/** Each SDK's destination, to clear its timer at the end (a throttled event waits 30 s on it). */
const destinations: { plugin(name: string): unknown }[] = [];

beforeAll(async () => {
  fake = await startAmplitudeHarness();
});
afterAll(async () => {
  for (const core of destinations) clearTimeout((core.plugin("amplitude") as { scheduleId: Timer | null }).scheduleId ?? undefined);
  await fake.stop();
});
beforeEach(() => {
  fake.uploads.length = 0;
  fake.setMaxEventsPerRequest(2000);
});


/**
 * The SDK as the server runs it, pointed at the fake, with our threshold plugin. `queued(n)`
 * waits until n events went through its pipeline into the destination's queue, so a test starts
 * the timer's upload (uploadNow.upload) when it chooses rather than after 30 s.
 */
async function sdk() {
  const client = createInstance();
  // Silent: the SDK's stale period timers fire after the fake is gone, and would log into a finished run.
  await client.init(FAKE_AMPLITUDE_KEY, { ...nodeOptions(getEnv().analytics!), logLevel: Types.LogLevel.None }).promise;
  const uploadNow = uploadNowPlugin();
  await client.add(uploadNow.plugin).promise;
  let seen = 0;
  const counter = { name: "test-counter", type: "enrichment" as const, setup: async (_config: unknown, core: unknown) => void destinations.push(core as (typeof destinations)[number]), execute: async <E>(item: E) => ((seen += 1), item) };
  await client.add(counter).promise;
  const queued = (count: number) => waitFor(() => seen >= count, 20_000, `${count} events in the SDK's queue`);
  return { client, uploadNow, queued };
}

/** The timer's uploads, one after another, until every promise settled. */
async function uploadUntilSettled(uploadNow: { upload(): Promise<void> }, results: Promise<unknown>[]) {
  let settled = false;
  void Promise.all(results).then(() => (settled = true));
  await waitFor(async () => {
    await uploadNow.upload();
    return settled;
  }, 30_000, "every event to be settled");
}

const event = (index: number, fields: Record<string, unknown> = {}) => ({ event_type: "rule_test", user_id: `user-${String(index).padStart(4, "0")}`, ...fields });
const sizes = () => fake.uploads.map((upload) => `${upload.body.events?.length}:${upload.code}`);
const taken = () => fake.uploads.filter((upload) => upload.code === 200).flatMap((upload) => upload.body.events ?? []);

describe("the Node SDK with the app's options", () => {
  it("takes spec 9's period and batch", () => {
    expect(nodeOptions(getEnv().analytics!)).toMatchObject({ serverUrl: fake.url, flushIntervalMillis: 30_000, flushQueueSize: 100 });
  });

  it("uploads in batches of 100, and a 200 with code 200 in the body clears them", async () => {
    const { client, uploadNow, queued } = await sdk();
    // The threshold's first upload (30 events) hangs while the others gather behind it.
    const release = fake.stall();
    const results = Array.from({ length: 250 }, (_, index) => client.track(event(index)).promise);
    await queued(250);
    release();
    await uploadUntilSettled(uploadNow, results);
    expect((await Promise.all(results)).every((result) => result.code === 200)).toBe(true);
    // The stalled first upload may be recorded after the ones behind it on a busy machine: the batches, not their order.
    expect(sizes().sort()).toEqual(["100:200", "100:200", "20:200", "30:200"]);
  });

  it("413 halves the batch until it passes", async () => {
    const { client, uploadNow, queued } = await sdk();
    const results = Array.from({ length: 29 }, (_, index) => client.track(event(index)).promise);
    await queued(29);
    // 29 events: under the threshold, so only our upload sends them: one batch of 29 → 413.
    fake.setMaxEventsPerRequest(10);
    await uploadUntilSettled(uploadNow, results);
    expect((await Promise.all(results)).every((result) => result.code === 200)).toBe(true);
    expect(sizes()[0]).toBe("29:413");
    // 100 → 50 → 25 → 12.5 → 6.25: batches shrink until they pass (at most 10).
    expect(fake.uploads.filter((upload) => upload.code === 200).every((upload) => (upload.body.events?.length ?? 0) <= 10)).toBe(true);
    expect(taken().length).toBe(29);
  });

  it("413 on a single event drops it", async () => {
    const { client, uploadNow, queued } = await sdk();
    fake.setMaxEventsPerRequest(0);
    const result = client.track(event(1)).promise;
    await queued(1);
    await uploadUntilSettled(uploadNow, [result]);
    expect((await result).code).toBe(413);
    expect(sizes().at(-1)).toBe("1:413");
    expect(taken()).toEqual([]);
  });

  it("400 drops the events it names by index and sends the others again", async () => {
    const { client, uploadNow, queued } = await sdk();
    const results = [client.track(event(0)).promise, client.track(event(1, { user_id: "abc" })).promise, client.track(event(2)).promise];
    await queued(3);
    await uploadUntilSettled(uploadNow, results);
    expect((await Promise.all(results)).map((result) => result.code)).toEqual([200, 400, 200]);
    expect(sizes()).toEqual(["3:400", "2:200"]);
  });

  it("429 holds the throttled events back and sends the others again", async () => {
    const { client, uploadNow, queued } = await sdk();
    fake.force({ status: 429, throttledEvents: [0] });
    const throttled = client.track(event(0)).promise.then(() => "settled");
    const others = [client.track(event(1)).promise, client.track(event(2)).promise];
    await queued(3);
    await uploadUntilSettled(uploadNow, others);
    expect((await Promise.all(others)).map((result) => result.code)).toEqual([200, 200]);
    expect(sizes()).toEqual(["3:429", "2:200"]);
    // The throttled one waits the SDK's 30 s: still held, not dropped.
    expect(await Promise.race([throttled, Promise.resolve("held")])).toBe("held");
  });
});

describe("our guards, where the SDK differs from the spec", () => {
  it("refuses a device id with a dot: it never reaches Amplitude", async () => {
    const { client } = await sdk();
    const guard = new QueueGuard();
    expect(guard.send("device.with.dots", () => client.track({ event_type: "page_viewed", device_id: "device.with.dots" }))).toBe(false);
    expect(guard.send("device-without-dots", () => client.track({ event_type: "page_viewed", device_id: "device-without-dots" }))).toBe(true);
    await client.flush().promise;
    expect(fake.uploads.flatMap((upload) => upload.body.events ?? []).map((sent) => sent.device_id)).toEqual(["device-without-dots"]);
  });

  it("uploads as soon as 30 events wait, without the 30 s timer, keeping the SDK's retry rules", async () => {
    const { client, uploadNow, queued } = await sdk();
    fake.force({ status: 429, throttledEvents: [] });
    const first = Array.from({ length: UPLOAD_RULES.threshold - 1 }, (_, index) => client.track(event(index)).promise);
    await queued(29);
    expect(fake.uploads).toEqual([]);
    const results = [...first, client.track(event(29)).promise];
    await waitFor(() => fake.uploads.length > 0, 20_000, "an upload started by the 30th event");
    // That upload met a 429: its events are kept for the next upload, not dropped as flush() would.
    expect(sizes()).toEqual(["30:429"]);
    await uploadUntilSettled(uploadNow, results);
    expect((await Promise.all(results)).every((result) => result.code === 200)).toBe(true);
    expect(sizes()).toEqual(["30:429", "30:200"]);
  });

  it("holds at most 1000 events while Amplitude does not answer; more are dropped", async () => {
    const { client, uploadNow } = await sdk();
    const guard = new QueueGuard();
    const release = fake.stall();
    const handed = Array.from({ length: 1005 }, (_, index) => guard.send(undefined, () => client.track(event(index))));
    expect(handed.filter(Boolean).length).toBe(1000);
    expect(handed.slice(1000).some(Boolean)).toBe(false);
    release();
    await waitFor(async () => {
      await uploadNow.upload();
      return guard.pending === 0;
    }, 60_000, "the held events to be sent");
    expect(taken().length).toBe(1000);
  });
});

describe("sendServerEvent", () => {
  it("sends nothing without AMPLITUDE_API_KEY", async () => {
    await withEnv({ AMPLITUDE_API_KEY: undefined }, async () => {
      expect(sendServerEvent(event(1))).toBe(false);
      expect(identifyServerUser("user-0001", { username: "ada" })).toBe(false);
    });
    expect(fake.uploads).toEqual([]);
  });

  it("returns at once and sends in the background", async () => {
    expect(sendServerEvent(event(7))).toBe(true);
    expect(identifyServerUser("user-0007", { username: "ada" })).toBe(true);
    expect(pendingServerEvents()).toBe(2);
    await flushServerAnalytics();
    expect(fake.uploads.flatMap((upload) => upload.body.events ?? []).map((sent) => sent.event_type)).toEqual(["rule_test", "$identify"]);
  });
});
