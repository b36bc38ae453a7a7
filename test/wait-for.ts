// Tests only: waits until work another process or worker does has happened (a job run, a post),
// asking again every 100 ms; fails with `what` when it has not happened within `ms`.
export async function waitFor(condition: () => Promise<boolean> | boolean, ms: number, what = "the condition"): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
