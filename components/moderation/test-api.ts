// Tests only: our API as the moderation islands' requests reach it, through a fake fetch
// (the islands talk to our own routes; their server side has its own integration tests).

export type Answer = { status: number; body: unknown; until?: Promise<void> };
export type Request = { method: string; path: string; body?: unknown };

/** Answers per "METHOD /path?query" (the first whose key the request starts with); the requests, in order. */
export function fakeApi(answers: Record<string, Answer | Answer[]>) {
  const requests: Request[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const path = String(url);
    requests.push({ method, path, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
    const key = Object.keys(answers).find((candidate) => `${method} ${path}` === candidate) ?? Object.keys(answers).find((candidate) => `${method} ${path}`.startsWith(candidate));
    const found = key ? answers[key]! : { status: 404, body: { code: "not_found", message: "Not found" } };
    const answer = Array.isArray(found) ? (found.length > 1 ? found.shift()! : found[0]!) : found;
    await answer.until;
    return { ok: answer.status < 300, status: answer.status, headers: new Headers(), json: async () => answer.body } as unknown as Response;
  }) as unknown as typeof globalThis.fetch;
  return requests;
}

/** jsdom has <dialog> without showModal and close: the browser's minimal behaviour. */
export function dialogPolyfill() {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}
