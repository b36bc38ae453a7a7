// A sweep job works many guilds or items in one run: one failing must not keep the others
// from their turn, yet the job must still fail (and be retried) when something unexpected
// happened. Every item runs, one after another; the first error is thrown at the end.

export async function eachInTurn<T>(items: Iterable<T>, run: (item: T) => Promise<void>): Promise<void> {
  const errors: unknown[] = [];
  for (const item of items) {
    try {
      await run(item);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}
