/** @jest-environment node */
// The guarded fetch against real local servers: the SSRF list is refused before any
// connection, redirects are re-checked hop by hop, size and time are capped, and the one
// exception (OUTBOUND_ALLOWED_ORIGINS) lets tests reach their loopback fakes.
import { clearEnv, setEnv } from "@/test/set-env";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { guardedFetch, OutboundError, type OutboundErrorKind, type Resolver } from "./guarded-fetch";
import { isPublicAddress } from "./outbound-address";

let allowed: Server;
let other: Server;
let base = "";
let otherBase = "";
const hosts: string[] = [];

function serve(handler: http.RequestListener): Promise<{ server: Server; url: string }> {
  const server = http.createServer(handler);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

beforeAll(async () => {
  ({ server: other, url: otherBase } = await serve((_req, res) => res.end("inside")));
  ({ server: allowed, url: base } = await serve((req, res) => {
    hosts.push(req.headers.host ?? "");
    const path = new URL(req.url ?? "/", base).pathname;
    if (path === "/ok") return res.end("hello");
    if (path === "/to-private") return res.writeHead(302, { Location: "http://10.0.0.7/admin" }).end();
    if (path === "/to-loopback") return res.writeHead(301, { Location: `${otherBase}/` }).end();
    if (path === "/to-metadata") return res.writeHead(307, { Location: "http://169.254.169.254/latest/meta-data/" }).end();
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) return Number(hop[1]) === 0 ? res.end("arrived") : res.writeHead(302, { Location: `/hop/${Number(hop[1]) - 1}` }).end();
    if (path === "/big-declared") return res.writeHead(200, { "Content-Length": String(5 * 1024 * 1024) }).end(Buffer.alloc(5 * 1024 * 1024, 97));
    if (path === "/big-streamed") {
      // No Content-Length: the cap must count the bytes as they come.
      res.writeHead(200, { "Content-Type": "application/rss+xml" });
      for (let i = 0; i < 80; i += 1) res.write(Buffer.alloc(64 * 1024, 97));
      return res.end();
    }
    if (path === "/trickle") {
      res.writeHead(200, { "Content-Type": "application/rss+xml" });
      const timer = setInterval(() => res.write("<"), 100);
      res.on("close", () => clearInterval(timer));
      return;
    }
    if (path === "/missing") return res.writeHead(404).end("no");
    res.writeHead(500).end();
  }));
  setEnv({ OUTBOUND_ALLOWED_ORIGINS: `${base},http://feeds.example:${new URL(base).port}` });
});

afterAll(async () => {
  clearEnv(["OUTBOUND_ALLOWED_ORIGINS"]);
  await Promise.all([allowed, other].map((server) => new Promise((resolve) => server.close(resolve))));
});

async function failure(promise: Promise<unknown>): Promise<OutboundErrorKind> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error.kind;
    throw error;
  }
  throw new Error("the fetch succeeded");
}

const fakeDns = (table: Record<string, string[]>): Resolver => {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
};

describe("the issue's SSRF list is refused before connecting", () => {
  test.each([
    "http://127.0.0.1",
    "http://[::1]",
    "http://[::ffff:127.0.0.1]",
    "http://169.254.169.254/latest/meta-data/",
    "http://0x7f000001",
    "http://2130706433",
    "http://0177.0.0.1",
    "http://127.1",
    "http://[::]",
    "http://0.0.0.0",
    "http://100.64.0.1",
    "http://[fd00:ec2::254]",
    "http://[fe80::1]",
    "http://[64:ff9b::a00:1]",
    "http://[2002:7f00:1::]",
    // IPv4-compatible and other IPv6 forms carrying 127.0.0.1 or 10.0.0.1 (WHATWG writes [::127.0.0.1] as [::7f00:1]).
    "http://[::127.0.0.1]",
    "http://[::7f00:1]",
    "http://[::ffff:7f00:1]",
    "http://[::ffff:0:7f00:1]",
    "http://[::10.0.0.1]",
    "http://[64:ff9b::127.0.0.1]",
    "http://224.0.0.1",
    "http://255.255.255.255",
  ])("%s", async (url) => {
    expect(await failure(guardedFetch(url))).toBe("blocked_address");
  });

  test("the loopback fake itself, on an origin the settings do not name", async () => {
    expect(await failure(guardedFetch(`${otherBase}/`))).toBe("blocked_address");
  });

  test("a DNS name resolving to 10.x, and one resolving to a public and a private address", async () => {
    expect(await failure(guardedFetch("http://intranet.example/", { resolve: fakeDns({ "intranet.example": ["10.1.2.3"] }) }))).toBe("blocked_address");
    expect(await failure(guardedFetch("http://split.example/", { resolve: fakeDns({ "split.example": ["93.184.215.14", "192.168.1.5"] }) }))).toBe("blocked_address");
    expect(await failure(guardedFetch("http://compat.example/", { resolve: fakeDns({ "compat.example": ["::7f00:1"] }) }))).toBe("blocked_address");
  });

  test("localhost through the system's own resolver", async () => {
    expect(await failure(guardedFetch("http://localhost:9/"))).toBe("blocked_address");
  });

  test("redirects from an allowed server to a private, loopback or metadata address", async () => {
    expect(await failure(guardedFetch(`${base}/to-private`))).toBe("blocked_address");
    expect(await failure(guardedFetch(`${base}/to-loopback`))).toBe("blocked_address");
    expect(await failure(guardedFetch(`${base}/to-metadata`))).toBe("blocked_address");
  });

  test("not http(s), not a URL, or carrying credentials", async () => {
    expect(await failure(guardedFetch("file:///etc/passwd"))).toBe("bad_url");
    expect(await failure(guardedFetch("gopher://example.com/"))).toBe("bad_url");
    expect(await failure(guardedFetch("not a url"))).toBe("bad_url");
    expect(await failure(guardedFetch("http://user:pass@example.com/"))).toBe("bad_url");
  });
});

test("which addresses count as public", () => {
  for (const address of ["8.8.8.8", "93.184.215.14", "2606:4700:4700::1111", "64:ff9b::808:808", "2002:808:808::1", "::ffff:8.8.8.8", "::808:808", "::ffff:0:808:808"]) expect({ address, ok: isPublicAddress(address) }).toEqual({ address, ok: true });
  const refused = ["10.0.0.1", "172.16.0.1", "192.168.0.1", "127.0.0.1", "169.254.169.254", "100.100.100.200", "192.0.2.1", "198.18.0.1", "198.51.100.7", "203.0.113.9", "240.0.0.1", "::ffff:10.0.0.1", "fc00::1", "fe80::1", "ff02::1", "2001:db8::1", "2001::1", "64:ff9b::7f00:1", "64:ff9b:1::1", "2002:c0a8:1::1", "::7f00:1", "::127.0.0.1", "::a00:1", "::ffff:7f00:1", "::ffff:0:a9fe:a9fe", "::2", "::", "not-an-ip"];
  for (const address of refused) expect({ address, ok: isPublicAddress(address) }).toEqual({ address, ok: false });
});

describe("an allowed origin", () => {
  test("answers with its body, status and final URL", async () => {
    const response = await guardedFetch(`${base}/ok`);
    expect({ status: response.status, body: response.body.toString(), url: response.url }).toEqual({ status: 200, body: "hello", url: `${base}/ok` });
  });

  test("a name is resolved once and the connection goes to that address, with the name as Host", async () => {
    const port = new URL(base).port;
    const lookups: string[] = [];
    const resolve: Resolver = async (hostname) => {
      lookups.push(hostname);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const response = await guardedFetch(`http://feeds.example:${port}/ok`, { resolve });
    expect(response.body.toString()).toBe("hello");
    expect(lookups).toEqual(["feeds.example"]);
    expect(hosts.at(-1)).toBe(`feeds.example:${port}`);
  });

  test("at most 3 redirects are followed", async () => {
    expect((await guardedFetch(`${base}/hop/3`)).body.toString()).toBe("arrived");
    expect(await failure(guardedFetch(`${base}/hop/4`))).toBe("too_many_redirects");
  });

  test("a 5 MB body is refused, announced or streamed", async () => {
    expect(await failure(guardedFetch(`${base}/big-declared`))).toBe("too_large");
    expect(await failure(guardedFetch(`${base}/big-streamed`))).toBe("too_large");
  });

  test("a server that trickles bytes hits the time cap", async () => {
    const started = Date.now();
    expect(await failure(guardedFetch(`${base}/trickle`, { timeoutMs: 600 }))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test("an error status is bad_status with the status", async () => {
    await expect(guardedFetch(`${base}/missing`)).rejects.toMatchObject({ kind: "bad_status", status: 404 });
  });
});

test("a name that does not resolve is unreachable", async () => {
  expect(await failure(guardedFetch("http://nowhere.example/", { resolve: fakeDns({}) }))).toBe("unreachable");
});
