import { CallCounter } from "./calls";
import { FaultList } from "./faults";
import { RateLimiter } from "./rate-limit";
import { PlatformState } from "./state";

// Everything one emulator instance owns; several instances (one per jest
// file, say) never share anything.

export class EmulatorContext {
  readonly state = new PlatformState();
  readonly faults = new FaultList();
  readonly limiter = new RateLimiter();
  readonly calls = new CallCounter();
  readonly quiet: boolean;
  private readonly pending = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  constructor(options: { quiet: boolean }) {
    this.quiet = options.quiet;
  }

  /** A delay that close() can cut short, so slow faults never hold up shutdown. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        resolve,
        timer: setTimeout(() => {
          this.pending.delete(entry);
          resolve();
        }, ms),
      };
      this.pending.add(entry);
    });
  }

  cancelSleeps(): void {
    for (const entry of this.pending) {
      clearTimeout(entry.timer);
      entry.resolve();
    }
    this.pending.clear();
  }

  /** Back to the fixtures: world, faults, counters and rate-limit buckets. */
  reset(options: { tokens?: boolean } = {}): void {
    this.state.reset(options);
    this.faults.clear();
    this.calls.reset();
    this.limiter.reset();
  }
}
