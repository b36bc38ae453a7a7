import http from "node:http";
import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { APP_URL } from "../playwright.config";
import { GUILD_IDS, signInFullPage } from "./fixtures";

// Big bodies against the production server, where middleware.ts runs on /api and Next
// copies every request body for it up to next.config.ts's proxyClientMaxBodySize (10 MB),
// cutting longer ones off without an error. Whatever the size, with a Content-Length or
// chunked, the answer must be 413 in the JSON error envelope (never an HTML page or a 500),
// again and again, and the server must still answer normally afterwards.

const MiB = 1024 * 1024;
const SIZES = [8.2, 10.5, 20];
const ROUNDS = 5;
const guild = GUILD_IDS.workshop;
const JSON_ROUTES = [
  ["PATCH", `/api/plugins/welcome/config/${guild}`],
  ["POST", `/api/plugins/commands/guilds/${guild}/commands`],
  ["PATCH", `/api/guilds/${guild}`],
] as const;
const UPLOAD = `/api/guilds/${guild}/images`;
const BOUNDARY = "----guildhall-e2e-body-limits";
const PART_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;

type Auth = { cookie: string; xsrf: string };
type Answer = { status: number; type: string | undefined; body: unknown };

test.setTimeout(180_000);

/** Signs Ada in through the browser; API calls then go out with her cookies and anti-forgery token. */
async function signIn(page: Page): Promise<Auth> {
  await signInFullPage(page, "en");
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  const cookies = await page.context().cookies(APP_URL);
  const xsrf = cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.value;
  expect(xsrf).toBeTruthy();
  return { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "), xsrf: xsrf! };
}

const writeHeaders = (auth: Auth) => ({ "x-xsrf-token": auth.xsrf, origin: APP_URL });

/** `size` bytes: `head`, then spaces. */
function bodyOf(size: number, head: string): Buffer {
  const body = Buffer.alloc(size, 0x20);
  body.write(head);
  return body;
}

/** A body without Content-Length: node sends it chunked, 64 KB per write. */
function sendChunked(auth: Auth, method: string, path: string, contentType: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...writeHeaders(auth), cookie: auth.cookie, "content-type": contentType };
    const req = http.request(new URL(path, APP_URL), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // left as text: the assertion below shows what came back
        }
        resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"], body: parsed });
      });
    });
    req.on("error", reject);
    let offset = 0;
    const write = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + 65536);
        offset += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

async function answerOf(response: APIResponse): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // left as text
  }
  return { status: response.status(), type: response.headers()["content-type"], body };
}

function expectEnvelope(answer: Answer, status: number, code: string, label: string) {
  expect({ label, status: answer.status, type: answer.type }).toEqual({ label, status, type: expect.stringMatching(/^application\/json/) });
  expect(answer.body).toEqual({ code, status_code: status, message: expect.any(String), error: { message: expect.any(String) } });
}

/** The server still answers ordinary requests. */
async function expectServerAnswers(request: APIRequestContext) {
  const me = await request.get("/api/users/@me");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ global_name: "Ada" });
  const config = await request.get(`/api/plugins/welcome/config/${guild}`);
  expect(config.status()).toBe(200);
  expect(await config.json()).toMatchObject({ id: "welcome" });
}

test("JSON routes answer 413 payload_too_large in the envelope to 8.2, 10.5 and 20 MB bodies, five times each", async ({ page }) => {
  const auth = await signIn(page);
  for (const mb of SIZES) {
    const body = bodyOf(Math.round(mb * MiB), '{"join_message":"');
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [method, path] of JSON_ROUTES) {
        const response = await page.request.fetch(path, { method, data: body, headers: { ...writeHeaders(auth), "content-type": "application/json" } });
        expectEnvelope(await answerOf(response), 413, "payload_too_large", `${method} ${path} ${mb} MB #${round}`);
      }
      const chunked = await sendChunked(auth, "PATCH", JSON_ROUTES[0][1], "application/json", body);
      expectEnvelope(chunked, 413, "payload_too_large", `chunked ${mb} MB #${round}`);
    }
  }
  await expectServerAnswers(page.request);
});

test("the image upload answers 413 image_too_large in the envelope to 8.2, 10.5 and 20 MB, five times each", async ({ page }) => {
  const auth = await signIn(page);
  for (const mb of SIZES) {
    const buffer = Buffer.alloc(Math.round(mb * MiB), 0x61);
    for (let round = 1; round <= ROUNDS; round++) {
      const response = await page.request.post(UPLOAD, { multipart: { image: { name: "big.png", mimeType: "image/png", buffer } }, headers: writeHeaders(auth) });
      expectEnvelope(await answerOf(response), 413, "image_too_large", `upload ${mb} MB #${round}`);
    }
  }
  await expectServerAnswers(page.request);
});

test("a chunked upload without Content-Length answers 413 image_too_large at 8.2, 10.5 and 20 MB, five times each", async ({ page }) => {
  const auth = await signIn(page);
  for (const mb of SIZES) {
    const body = bodyOf(Math.round(mb * MiB), PART_HEAD);
    for (let round = 1; round <= ROUNDS; round++) {
      const answer = await sendChunked(auth, "POST", UPLOAD, `multipart/form-data; boundary=${BOUNDARY}`, body);
      expectEnvelope(answer, 413, "image_too_large", `chunked upload ${mb} MB #${round}`);
    }
  }
  await expectServerAnswers(page.request);
});

test("a JSON route answers 415 to another media type and the upload to anything but multipart", async ({ page }) => {
  const auth = await signIn(page);
  const [method, path] = JSON_ROUTES[0];
  for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
    const response = await page.request.fetch(path, { method, data: '{"join_message":"hi"}', headers: { ...writeHeaders(auth), "content-type": type } });
    expectEnvelope(await answerOf(response), 415, "unsupported_media_type", `${type} to ${path}`);
  }
  const upload = await page.request.post(UPLOAD, { data: { image: "not a file" }, headers: writeHeaders(auth) });
  expectEnvelope(await answerOf(upload), 415, "unsupported_media_type", "JSON to the upload");
  await expectServerAnswers(page.request);
});
