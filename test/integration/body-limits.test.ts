/** @jest-environment node */
// Bodies through the one route pipeline: JSON routes take JSON only (415 otherwise), every
// body past its limit is a 413 in the error envelope whether it declares its length, hides
// it (chunked) or lies about it, and is never read further than the limit. The last block
// runs the same requests through Next's own body copy, as `next start` does behind middleware.
import { PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { POST as upload } from "@/app/api/guilds/[guildId]/images/route";
import { PATCH as pluginPatch } from "@/app/api/plugins/[...path]/route";
import { resetEnvCache } from "@/lib/env";
import { MAX_JSON_BODY_BYTES, PROXY_BODY_COPY_BYTES } from "@/lib/http/body-limits";
import { MAX_FORM_BYTES } from "@/lib/images/form";
import { isEnvelope, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { callBinary, countingStream } from "@/test/multipart-client";
import { serveThroughNextBodyCopy, sendRaw } from "@/test/next-body-copy";
import { APP_ORIGIN, call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

type Json = Record<string, unknown>;
let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  resetEnvCache();
  ada = await signedInJar(harness);
  guild = addScratchGuild(harness, "workshop");
});
afterAll(() => harness.stop());

const MiB = 1024 * 1024;
const configPath = () => `/welcome/config/${guild}`;
const readConfig = async () => (await readBody(await pluginCall(ada, "GET", configPath()))) as Json;

async function expectError(response: Response, status: number, code: string) {
  const body = await readBody(response);
  expect({ status: response.status, code: (body as Json | null)?.code }).toEqual({ status, code });
  expect(isEnvelope(body, status)).toBe(true);
}

describe("JSON routes take JSON only", () => {
  it.each([
    ["text/plain", "text/plain;charset=UTF-8"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["no type at all", null],
  ])("answer 415 unsupported_media_type to a body sent as %s, and change nothing", async (_what, contentType) => {
    const before = await readConfig();
    await expectError(await pluginCall(ada, "PATCH", configPath(), { rawBody: '{"join_message":"changed"}', contentType }), 415, "unsupported_media_type");
    await expectError(await call(patchGuild, `/api/guilds/${guild}`, { method: "PATCH", jar: ada, params: { guildId: guild }, rawBody: '{"onboarding":true}', contentType }), 415, "unsupported_media_type");
    expect(await readConfig()).toEqual(before);
  });

  it("accepts application/json with a charset, the +json types, and an empty body with no type", async () => {
    const sent = (rawBody: string, contentType: string | null) => pluginCall(ada, "PATCH", configPath(), { rawBody, contentType });
    expect((await sent('{"join_message":"one"}', "application/json; charset=utf-8")).status).toBe(200);
    expect((await sent('{"join_message":"two"}', "application/merge-patch+json")).status).toBe(200);
    expect((await sent("", null)).status).toBe(200);
    expect(((await readConfig()).config as Json).join_message).toBe("two");
  });

  it("answers 400 invalid_json to a body that is not UTF-8 (a surrogate encoded as bytes included)", async () => {
    for (const bytes of [[0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d], [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]]) {
      await expectError(await callBinary(pluginPatch, `/api/plugins${configPath()}`, new Uint8Array(bytes), "application/json", { jar: ada, method: "PATCH", params: { path: configPath().split("/").filter(Boolean) } }), 400, "invalid_json");
    }
  });
});

describe("JSON bodies past 1 MB", () => {
  const send = (body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, contentLength: "declared" | "omitted" | number) =>
    callBinary(pluginPatch, `/api/plugins${configPath()}`, body, "application/json", { jar: ada, method: "PATCH", params: { path: configPath().split("/").filter(Boolean) }, contentLength });
  const padded = (size: number) => {
    const json = new TextEncoder().encode('{"join_message":"padded"}');
    const body = new Uint8Array(size).fill(0x20);
    body.set(json);
    return body;
  };

  it("take exactly the limit and refuse one byte more with 413 payload_too_large", async () => {
    expect((await send(padded(MAX_JSON_BODY_BYTES), "declared")).status).toBe(200);
    await expectError(await send(padded(MAX_JSON_BODY_BYTES + 1), "declared"), 413, "payload_too_large");
    await expectError(await send(padded(MAX_JSON_BODY_BYTES + 1), "omitted"), 413, "payload_too_large");
  });

  it.each([8.2, 10.5, 20])("refuse %s MB with 413 by Content-Length (reading none), chunked or lying (reading no more than the limit)", async (mb) => {
    const size = Math.round(mb * MiB);
    const declared = countingStream(size);
    await expectError(await send(declared.stream, size), 413, "payload_too_large");
    expect(declared.pulled()).toBe(0);
    for (const length of ["omitted", 1000] as const) {
      const counted = countingStream(size);
      await expectError(await send(counted.stream, length), 413, "payload_too_large");
      expect(counted.pulled()).toBeLessThanOrEqual(MAX_JSON_BODY_BYTES + 65536);
    }
  });
});

describe("through Next's body copy for middleware (next start)", () => {
  it("keeps every route's limit under the copy next.config.ts sets, by more than one socket read", () => {
    for (const limit of [MAX_JSON_BODY_BYTES, MAX_FORM_BYTES]) expect(limit + 65536).toBeLessThan(PROXY_BODY_COPY_BYTES);
  });

  const boundary = "----guildhall-body-limits";
  const ROUTES = [
    ["a JSON route", "PATCH", () => `/api/plugins${configPath()}`, "application/json", '{"join_message":"', "payload_too_large"],
    ["the image upload", "POST", () => `/api/guilds/${guild}/images`, `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`, "image_too_large"],
  ] as const;

  it.each(ROUTES)("answers %s with 413 in the envelope at 8.2, 10.5 and 20 MB, with a length or chunked", async (_what, method, path, contentType, head, code) => {
    const handler = method === "PATCH" ? pluginPatch : upload;
    const params: Record<string, string | string[]> = method === "PATCH" ? { path: configPath().split("/").filter(Boolean) } : { guildId: guild };
    const server = await serveThroughNextBodyCopy(handler, params);
    const headers = { cookie: ada.header(), "x-xsrf-token": ada.cookies.get("XSRF-TOKEN") ?? "", origin: APP_ORIGIN, "content-type": contentType };
    // Next says so when it cuts a body (only past its copy size: 10.5 and 20 MB, twice each).
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      for (const mb of [8.2, 10.5, 20]) {
        for (const chunked of [false, true]) {
          const answer = await sendRaw(`${server.url}${path()}`, { method, headers, head, size: Math.round(mb * MiB), chunked });
          expect({ mb, chunked, status: answer.status, type: answer.contentType }).toEqual({ mb, chunked, status: 413, type: "application/json" });
          const body = JSON.parse(answer.body) as Json;
          expect(body.code).toBe(code);
          expect(isEnvelope(body, 413)).toBe(true);
        }
      }
      expect(warn.mock.calls.filter(([message]) => String(message).startsWith("Request body exceeded 10MB"))).toHaveLength(4);
    } finally {
      warn.mockRestore();
      await server.close();
    }
  });
});
