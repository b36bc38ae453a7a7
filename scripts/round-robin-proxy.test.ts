import http from "node:http";
import type { AddressInfo } from "node:net";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";

type Instance = { port: number; close(): Promise<void> };

/** An instance that answers who it is and what it was sent. */
async function instance(name: string): Promise<Instance> {
  const server = http.createServer((req, res) => {
    if (req.url === "/events") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`data: ${name} 1\n\n`);
      setTimeout(() => res.end(`data: ${name} 2\n\n`), 50);
      return;
    }
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      res.setHeader("set-cookie", ["a=1", "b=2"]);
      res.end(JSON.stringify({ name, host: req.headers.host, forwardedFor: req.headers["x-forwarded-for"], body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** fetch() will not send a Host of our choosing; node:http will. */
function post(url: string, body: string, headers: Record<string, string>): Promise<{ cookies: string[]; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ cookies: response.headers["set-cookie"] ?? [], json: JSON.parse(text) }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

let a: Instance;
let b: Instance;
let proxy: RoundRobinProxy | undefined;

beforeAll(async () => {
  [a, b] = await Promise.all([instance("a"), instance("b")]);
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

it("sends each request to the next instance in turn, keeping the host, the body and every header, and appending the client's address", async () => {
  proxy = await startRoundRobinProxy({ port: 0, host: "127.0.0.1", targets: [a.port, b.port] });
  const answers = [];
  for (let i = 0; i < 4; i++) {
    const { cookies, json } = await post(`${proxy.url}/x`, `hello ${i}`, { host: "guildhall.example", "x-forwarded-for": "203.0.113.9" });
    expect(cookies).toEqual(["a=1", "b=2"]);
    answers.push(json);
  }
  expect(answers.map((answer) => answer.name)).toEqual(["a", "b", "a", "b"]);
  expect(answers[0]).toEqual({ name: "a", host: "guildhall.example", forwardedFor: "203.0.113.9, 127.0.0.1", body: "hello 0" });
});

it("streams server-sent events as they are written", async () => {
  proxy = await startRoundRobinProxy({ port: 0, host: "127.0.0.1", targets: [a.port] });
  const response = await fetch(`${proxy.url}/events`);
  const reader = response.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  expect(first).toBe("data: a 1\n\n");
  let rest = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    rest += new TextDecoder().decode(value);
  }
  expect(rest).toBe("data: a 2\n\n");
});

it("skips an instance that is down, and answers 502 when none is up", async () => {
  const down = await closedPort();
  proxy = await startRoundRobinProxy({ port: 0, host: "127.0.0.1", targets: [down, b.port] });
  const names = [];
  for (let i = 0; i < 3; i++) names.push((await (await fetch(`${proxy.url}/x`)).json()).name);
  expect(names).toEqual(["b", "b", "b"]);
  await proxy.close();
  proxy = await startRoundRobinProxy({ port: 0, host: "127.0.0.1", targets: [down] });
  const response = await fetch(`${proxy.url}/x`);
  expect({ status: response.status, text: await response.text() }).toEqual({ status: 502, text: "No instance answered." });
});
