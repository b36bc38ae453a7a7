import { tokenUserId } from "./token-format";

// The offline check of a bot token: three dot-separated base64url parts whose first names a snowflake.

const id = "1215962284032131072";
const first = Buffer.from(id).toString("base64url");

describe("tokenUserId", () => {
  it("reads the bot id a token names", () => {
    expect(tokenUserId(`${first}.GhDemo.workshop-helper-demo-token_0123456789`)).toBe(id);
  });

  it("refuses an OAuth access token, a secret, a wrong number of parts or a first part that is no id", () => {
    for (const token of ["", "aW1hZ2luYXJ5LWFjY2Vzcy10b2tlbg", `${first}.only-two`, `${first}.a.b.c`, `${first}.a b.c`, `${Buffer.from("hello").toString("base64url")}.a.b`, `${Buffer.from("12").toString("base64url")}.a.b`, `${first}.${"x".repeat(200)}.y`, "%%%.a.b"]) {
      expect({ token, id: tokenUserId(token) }).toEqual({ token, id: null });
    }
  });
});
