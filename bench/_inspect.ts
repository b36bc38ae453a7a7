import path from "node:path";
import { USER_IDS } from "../emulators/platform/data/ids";
import { startGuildhall } from "./lib/server";
import { signIn } from "./lib/sign-in";
async function main() {
  const server = await startGuildhall({ root: path.resolve(__dirname, ".."), port: 3300, emulatorPort: 3301, dataDir: ".data/inspect" });
  const jar = await signIn({ appUrl: server.appUrl, userId: USER_IDS.ada });
  console.log("COOKIE " + jar.header(["gh_session", "XSRF-TOKEN"]));
  await new Promise(() => {});
}
main();
