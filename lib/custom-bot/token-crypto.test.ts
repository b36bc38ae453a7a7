/** @jest-environment node */
import { randomBytes } from "node:crypto";
import { openToken, sealToken, TokenKeyMissingError } from "./token-crypto";

// Tokens at rest: AES-256-GCM, the key's id beside the ciphertext, the guild id bound in.

const key = (id: string) => ({ id, key: randomBytes(32) });
const token = "MTIxNTk2MjI4NDAzMjEzMTA3Mg.GhDemo.workshop-helper-demo-token_0123456789";

describe("sealToken and openToken", () => {
  it("seal under the first key with a fresh IV, and open again", () => {
    const keys = [key("new"), key("old")];
    const [a, b] = [sealToken(token, "1", keys), sealToken(token, "1", keys)];
    expect(a.keyId).toBe("new");
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toContain("workshop");
    expect(openToken(a, "1", keys)).toBe(token);
  });

  it("keep an old ciphertext readable after a rotation, and say which key is missing once it is dropped", () => {
    const old = key("old");
    const sealed = sealToken(token, "1", [old]);
    expect(openToken(sealed, "1", [key("new"), old])).toBe(token);
    expect(() => openToken(sealed, "1", [key("new")])).toThrow(TokenKeyMissingError);
  });

  it("refuse a ciphertext moved to another guild's row or changed", () => {
    const keys = [key("k")];
    const sealed = sealToken(token, "1", keys);
    expect(() => openToken(sealed, "2", keys)).toThrow();
    const flipped = Buffer.from(sealed.ciphertext, "base64");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openToken({ ...sealed, ciphertext: flipped.toString("base64") }, "1", keys)).toThrow();
  });
});
