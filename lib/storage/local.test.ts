/** @jest-environment node */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { contentAddressedKey, isStorageKey } from "./keys";
import { LocalDiskStorage } from "./local";

let root: string;
let storage: LocalDiskStorage;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "guildhall-storage-"));
  storage = new LocalDiskStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const everyFile = (dir = root): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? everyFile(path.join(dir, entry.name)) : [path.relative(root, path.join(dir, entry.name))]));

describe("content-addressed keys", () => {
  it("are the sha256 of the bytes plus the extension", () => {
    const key = contentAddressedKey(new TextEncoder().encode("abc"), "png");
    expect(key).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.png");
    expect(isStorageKey(key)).toBe(true);
  });

  it.each(["../etc/passwd", `${"a".repeat(64)}.svg`, `${"A".repeat(64)}.png`, `${"a".repeat(63)}.png`, `${"a".repeat(64)}.png/..`, `${"a".repeat(64)}`, ""])("refuses %j", (key) => {
    expect(isStorageKey(key)).toBe(false);
  });
});

describe("LocalDiskStorage", () => {
  const bytes = new TextEncoder().encode("pretend these are png bytes");
  const key = contentAddressedKey(bytes, "png");

  it("puts, gets and deletes, sharded by the first two hex digits", async () => {
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.put(key, bytes, "image/png")).toEqual({ created: true });
    expect(everyFile()).toEqual([path.join(key.slice(0, 2), key)]);
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.exists("../../etc/passwd")).toBe(false);
    const stored = await storage.get(key);
    expect(stored?.contentType).toBe("image/png");
    expect(Buffer.from(stored!.bytes).equals(Buffer.from(bytes))).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // missing: not an error
  });

  it("stores the same key once and never replaces it", async () => {
    expect(await storage.put(key, bytes, "image/png")).toEqual({ created: true });
    expect(await storage.put(key, bytes, "image/png")).toEqual({ created: false });
    expect(everyFile()).toHaveLength(1);
  });

  it("reports exactly one creator among concurrent writers, and leaves no temporary file", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => storage.put(key, bytes, "image/png")));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await readdir(path.join(root, key.slice(0, 2)))).toEqual([key]);
    expect(await readFile(storage.pathOf(key), "utf8")).toBe("pretend these are png bytes");
  });

  it("refuses keys that are not storage keys and content types that do not match the key", async () => {
    await expect(storage.put("../escape.png", bytes, "image/png")).rejects.toThrow(/not a storage key/);
    await expect(storage.delete("../../x")).rejects.toThrow(/not a storage key/);
    expect(await storage.get("../../etc/passwd")).toBeNull();
    await expect(storage.put(key, bytes, "text/html")).rejects.toThrow(/does not match/);
    expect(everyFile()).toEqual([]);
  });
});
