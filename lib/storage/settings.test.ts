/** @jest-environment node */
// The S3_* settings (lib/env.ts) and the storage getStorage() picks from them.
import { EnvError, parseEnv } from "@/lib/env";
import { clearEnv, setEnv } from "@/test/set-env";
import { getStorage } from "./index";
import { LocalDiskStorage } from "./local";
import { S3Storage } from "./s3";

const base = { DISCORD_CLIENT_ID: "1100000000000000001", DISCORD_CLIENT_SECRET: "secret", DISCORD_BOT_TOKEN: "token" };
const s3 = { S3_ENDPOINT: "http://127.0.0.1:9000/", S3_BUCKET: "guildhall-uploads", S3_ACCESS_KEY_ID: "minio", S3_SECRET_ACCESS_KEY: "minio-secret" };

function envError(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("expected an EnvError");
}

describe("S3 settings", () => {
  it("are off when no S3_* variable is set (uploads stay in UPLOADS_DIR)", () => {
    expect(parseEnv(base).s3).toBeNull();
    expect(parseEnv({ ...base, S3_ENDPOINT: "", S3_BUCKET: "" }).s3).toBeNull();
  });

  it("default to us-east-1 and path-style when the four required ones are set", () => {
    expect(parseEnv({ ...base, ...s3 }).s3).toEqual({
      endpoint: "http://127.0.0.1:9000",
      bucket: "guildhall-uploads",
      region: "us-east-1",
      accessKeyId: "minio",
      secretAccessKey: "minio-secret",
      forcePathStyle: true,
    });
    expect(parseEnv({ ...base, ...s3, S3_REGION: "eu-central-1", S3_FORCE_PATH_STYLE: "false" }).s3).toMatchObject({ region: "eu-central-1", forcePathStyle: false });
    expect(parseEnv({ ...base, ...s3, S3_FORCE_PATH_STYLE: "0" }).s3?.forcePathStyle).toBe(false);
  });

  it("are all or nothing: a partial set stops the start and names what is missing", () => {
    const { S3_SECRET_ACCESS_KEY: _secret, S3_ACCESS_KEY_ID: _id, ...partial } = s3;
    const message = envError({ ...base, ...partial });
    expect(message).toMatch(/S3 storage is partly configured \(S3_ENDPOINT, S3_BUCKET set\): also set S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(envError({ ...base, S3_REGION: "eu-west-1" })).toMatch(/\(S3_REGION set\): also set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(message).not.toContain("minio-secret");
  });

  it("refuse a bad endpoint, bucket name or path-style flag", () => {
    const message = envError({ ...base, ...s3, S3_ENDPOINT: "ftp://files.example", S3_BUCKET: "Bad_Bucket", S3_FORCE_PATH_STYLE: "yes" });
    expect(message).toMatch(/S3_ENDPOINT/);
    expect(message).toMatch(/S3_BUCKET must be an S3 bucket name/);
    expect(message).toMatch(/S3_FORCE_PATH_STYLE/);
  });
});

describe("getStorage", () => {
  afterEach(() => clearEnv(Object.keys(s3)));

  it("is the local folder without S3 settings and the bucket with them, made again when the settings are", () => {
    const local = getStorage();
    expect(local).toBeInstanceOf(LocalDiskStorage);
    expect(getStorage()).toBe(local);
    setEnv(s3);
    const bucket = getStorage();
    expect(bucket).toBeInstanceOf(S3Storage);
    expect((bucket as S3Storage).objectUrl(`${"a".repeat(64)}.png`).href).toBe(`http://127.0.0.1:9000/guildhall-uploads/${"a".repeat(64)}.png`);
  });
});
