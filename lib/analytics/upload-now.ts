import { UPLOAD_RULES } from "./upload-rules";

// Spec 9's threshold: an upload as soon as 30 events wait, before the SDK's 30 s timer (the
// SDKs upload only on their timer). Their public flush() would send without their retry rules
// (every event of a failed batch dropped with its code, a 413 not halved), so this plugin calls
// what their own timer calls: the destination's flush(true). It runs last before the
// destination, and starts the upload on the next turn, once the event is in the destination's
// queue. Works with the Node and the browser SDK. Client-safe.

type Core = { plugin(name: string): unknown };
type RetryingFlush = { flush(useRetry?: boolean): Promise<void> };

export type UploadNow = {
  /** Added to the SDK with client.add(), after its own plugins. */
  plugin: { name: string; type: "enrichment"; setup(config: unknown, client: unknown): Promise<void>; execute<E>(event: E): Promise<E> };
  /** The upload the SDK's timer would make, now. */
  upload(): Promise<void>;
};

export function uploadNowPlugin(threshold: number = UPLOAD_RULES.threshold): UploadNow {
  let core: Core | null = null;
  let waiting = 0;
  const upload = async () => {
    const destination = core?.plugin("amplitude") as RetryingFlush | undefined;
    await destination?.flush(true);
  };
  return {
    plugin: {
      name: "guildhall-upload-now",
      type: "enrichment",
      // The SDKs hand their plugins the client itself (not the wrapper createInstance returns), which has plugin().
      setup: async (_config, client) => void (core = client as Core),
      execute: async (event) => {
        waiting += 1;
        if (waiting >= threshold) {
          waiting = 0;
          setTimeout(() => void upload(), 0);
        }
        return event;
      },
    },
    upload,
  };
}
