import { isValidDeviceId, UPLOAD_RULES } from "./upload-rules";

// Our guard in front of an official Amplitude SDK, for two rules it does not keep by itself
// (upload-rules.ts): a device id with a dot is refused, and at most `savedMax` events are held
// (waiting or retried; more are dropped, as spec 8 says). The threshold is upload-now.ts's.
// Client-safe.

/** What the SDKs' track() and identify() give back: a promise settled once the event is sent or dropped. */
type Sent = { promise: Promise<unknown> };

export class QueueGuard {
  private held = 0;

  constructor(private readonly savedMax: number = UPLOAD_RULES.savedMax) {}

  /** Events tracked and not yet settled by the SDK. */
  get pending(): number {
    return this.held;
  }

  /** Hands one event to the SDK through `send`, unless a rule refuses it; true when handed on. */
  send(deviceId: string | undefined, send: () => Sent): boolean {
    if (!isValidDeviceId(deviceId) || this.held >= this.savedMax) return false;
    this.held += 1;
    void send().promise.finally(() => (this.held -= 1));
    return true;
  }
}
