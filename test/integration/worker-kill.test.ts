/** @jest-environment node */
// A worker killed (SIGKILL) in the middle of a job loses nothing and duplicates nothing: here
// it dies after the platform stored its post and before the answer reached it, the worst
// moment. Another worker takes the job up once its expiry has passed and posts with the same
// nonce, which the platform answers with the first message. Workers in several processes need
// a shared PostgreSQL: this runs in CI's PostgreSQL pass (DATABASE_URL), not on PGlite.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { deliveries } from "@/lib/db/schema";
import { claimDeliveries } from "@/lib/deliveries/claim";
import { POST_JOB, postDeliveryJob } from "@/lib/deliveries/post";
import { getQueue } from "@/lib/jobs/queue";
import { prepareQueues, startWorker } from "@/lib/jobs/worker";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import { addScratchGuild } from "@/test/scratch-guild";
import { waitFor } from "@/test/wait-for";

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres("a worker killed in the middle of a job", () => {
  let platform: EmulatorHarness;
  let guild: string;
  let channel: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    platform = await startEmulatorHarness();
    guild = addScratchGuild(platform, "workshop", "Crash hall");
    channel = (await guildRefs(guild)).channel;
    await prepareQueues(await getQueue(), [postDeliveryJob]);
  }, 60_000);
  afterAll(async () => {
    child?.kill("SIGKILL");
    await platform.stop();
  });

  it("posts once after the worker died between posting and recording", async () => {
    // The other process: `npm run worker`, on the same PostgreSQL and platform.
    const root = path.resolve(__dirname, "../..");
    child = spawn(process.execPath, ["--require", "./scripts/outside-next.cjs", "--import", "tsx", "scripts/worker.ts"], { cwd: root, env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(() => output.includes("Job worker running"), 60_000, "the worker process to start");

    // The platform stores the post at once and holds its answer: the worker is killed meanwhile.
    platform.emulator.injectFault({ path: `/channels/${channel}/messages`, method: "POST", status: 200, answer_delay_ms: 30_000 });
    const db = await getDb();
    const body = { content: "Posted by a worker that died", allowed_mentions: { parse: [] } };
    const [key] = await claimDeliveries(db, [{ key: `test:kill:${Date.now()}`, guildId: guild, pluginId: "timers", itemId: "kill-test", channelId: channel, body }]);
    // A short expiry, so the dead worker's job comes back within the test.
    await (await getQueue()).send(POST_JOB, { key }, { singletonKey: key!, expireInSeconds: 3, retryDelay: 1 });
    const posted = () => platform.emulator.messages(channel).filter((message) => message.content === body.content);
    await waitFor(() => posted().length === 1, 30_000, "the worker process to post");
    const killed = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGKILL");
    await killed;
    platform.emulator.clearFaults();
    const [claim] = await db.select().from(deliveries).where(eq(deliveries.key, key!));
    expect(claim!.status).toBe("claimed");

    // This process works the queue now.
    const worker = await startWorker({ jobs: [postDeliveryJob] });
    try {
      await waitFor(async () => (await db.select().from(deliveries).where(eq(deliveries.key, key!)))[0]?.status === "posted", 60_000, "the job to be taken up again");
    } finally {
      await worker.stop();
    }
    expect(posted()).toHaveLength(1);
    const [done] = await db.select().from(deliveries).where(eq(deliveries.key, key!));
    expect(done!.messageId).toBe(posted()[0]!.id);
  }, 180_000);
});
