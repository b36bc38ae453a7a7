// JSON for values kept in Redis, Sets included (the platform cache keeps the bot's guild ids as
// a Set): a Set is written as { "$set": [...] } and read back as a Set.

const SET_TAG = "$set";

export function encodeJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (item instanceof Set ? { [SET_TAG]: [...item] } : item));
}

export function decodeJson<T = unknown>(text: string): T {
  return JSON.parse(text, (_key, item: unknown) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return item;
    const tagged = (item as Record<string, unknown>)[SET_TAG];
    return Array.isArray(tagged) && Object.keys(item).length === 1 ? new Set(tagged) : item;
  }) as T;
}
