import { startPlatformEmulator } from "./server";

// `node --import tsx emulators/platform/main.ts [--port N] [--host H] [--quiet]`

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === "") return 3100;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid port "${raw}": use a number from 0 to 65535.`);
    process.exit(2);
  }
  return port;
}

async function main(): Promise<void> {
  const port = parsePort(option("port") ?? process.env.PLATFORM_EMULATOR_PORT);
  const host = option("host") ?? "127.0.0.1";
  const emulator = await startPlatformEmulator({ port, host, quiet: process.argv.includes("--quiet") });
  console.log(`platform emulator listening on ${emulator.url}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal means "now": do not wait for connections to drain.
    if (stopping) process.exit(1);
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`platform emulator: error while closing after ${signal}`, error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error("platform emulator failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
