// Lets any client code raise the one global error modal without prop drilling.

export type ErrorModalPayload = { message?: string };
type Listener = (payload: ErrorModalPayload) => void;

const listeners = new Set<Listener>();

export function raiseErrorModal(payload: ErrorModalPayload): void {
  for (const listener of listeners) listener(payload);
}

export function onErrorModal(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
