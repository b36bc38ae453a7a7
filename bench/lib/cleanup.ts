// Why: the benchmark starts a server process group, a baseline server and a
// browser; every exit path (success, error, Ctrl-C) must stop all of them.

type Closer = () => Promise<void> | void;

const closers: Closer[] = [];
let running: Promise<void> | undefined;

/** Registers a closer; closers run once, newest first. Once clean-up has begun, runs it at once. */
export function onCleanup(closer: Closer): void {
  if (running) void Promise.resolve().then(closer).catch((error) => console.error("cleanup step failed:", error));
  else closers.push(closer);
}

/** Called between phases: stops the run after Ctrl-C instead of starting the next phase. */
export function checkpoint(): void {
  if (running) throw new Error("interrupted");
}

export function runCleanup(): Promise<void> {
  running ??= (async () => {
    while (closers.length > 0) {
      const closer = closers.pop()!;
      try {
        await closer();
      } catch (error) {
        console.error("cleanup step failed:", error);
      }
    }
  })();
  return running;
}

/** Ctrl-C / SIGTERM: clean up, then exit with the conventional 128 + signal code. */
export function cleanupOnSignals(): void {
  const handle = (signal: NodeJS.Signals, code: number) => {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping everything the benchmark started…`);
      void runCleanup().finally(() => process.exit(code));
    });
  };
  handle("SIGINT", 130);
  handle("SIGTERM", 143);
}

/** Runs a benchmark's main: cleans up on every exit path and exits with its code (1 when it throws). */
export function runBenchmark(name: string, main: () => Promise<number>): void {
  cleanupOnSignals();
  main()
    .then(async (code) => {
      await runCleanup();
      process.exit(code);
    })
    .catch(async (error: unknown) => {
      if (error instanceof Error && error.message === "interrupted") return; // the signal handler exits
      console.error(`\n${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await runCleanup();
      process.exit(1);
    });
}
