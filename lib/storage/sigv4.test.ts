/** @jest-environment node */
import { canonicalPath, canonicalQuery, EMPTY_SHA256, presignUrl, sha256Hex, signRequest, uriEncode } from "./sigv4";

// AWS's published examples. The SigV4 test suite (get-vanilla and friends):
// https://docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html
const suite = {
  credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" },
  region: "us-east-1",
  service: "service",
  now: new Date("2015-08-30T12:36:00Z"),
};
// The S3 API reference, "Signature Calculations for the Authorization Header: Transferring Payload in a Single Chunk".
const s3Docs = {
  credentials: { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
  region: "us-east-1",
  service: "s3",
  now: new Date("2013-05-24T00:00:00Z"),
};

describe("signRequest against AWS's published vectors", () => {
  it("get-vanilla: canonical request, string to sign and Authorization", () => {
    const signed = signRequest({ ...suite, method: "GET", url: new URL("https://example.amazonaws.com/"), headers: {}, payloadHash: EMPTY_SHA256 });
    expect(signed.canonicalRequest).toBe(["GET", "/", "", "host:example.amazonaws.com", "x-amz-date:20150830T123600Z", "", "host;x-amz-date", EMPTY_SHA256].join("\n"));
    expect(signed.stringToSign).toBe(
      ["AWS4-HMAC-SHA256", "20150830T123600Z", "20150830/us-east-1/service/aws4_request", "bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63"].join("\n"),
    );
    expect(signed.signature).toBe("5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
    expect(signed.headers).toEqual({
      "x-amz-date": "20150830T123600Z",
      authorization:
        "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    });
  });

  it("get-vanilla-query-order-key-case: the query is sorted", () => {
    const signed = signRequest({ ...suite, method: "GET", url: new URL("https://example.amazonaws.com/?Param2=value2&Param1=value1"), headers: {}, payloadHash: EMPTY_SHA256 });
    expect(signed.signature).toBe("b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500");
  });

  it("S3 GET Object (first ten bytes of test.txt)", () => {
    const signed = signRequest({
      ...s3Docs,
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: { Range: "bytes=0-9", "x-amz-content-sha256": EMPTY_SHA256 },
      payloadHash: EMPTY_SHA256,
    });
    expect(signed.headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("S3 PUT Object (test$file.text, a signed body, a key needing encoding)", () => {
    const body = "Welcome to Amazon S3.";
    const payloadHash = sha256Hex(body);
    expect(payloadHash).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const signed = signRequest({
      ...s3Docs,
      method: "PUT",
      url: new URL("https://examplebucket.s3.amazonaws.com/test$file.text"),
      headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY", "x-amz-content-sha256": payloadHash },
      payloadHash,
    });
    expect(signed.canonicalRequest.split("\n")[1]).toBe("/test%24file.text");
    expect(signed.headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });

  it("signs with the port in the host when it is not the default, and never returns a host header", () => {
    const signed = signRequest({ ...suite, method: "HEAD", url: new URL("http://127.0.0.1:9000/b/k"), headers: { Host: "ignored" }, payloadHash: EMPTY_SHA256 });
    expect(signed.canonicalRequest).toContain("\nhost:127.0.0.1:9000\n");
    expect(Object.keys(signed.headers).map((name) => name.toLowerCase())).not.toContain("host");
  });
});

describe("encoding", () => {
  it("keeps only unreserved characters", () => {
    expect(uriEncode("AZaz09-._~")).toBe("AZaz09-._~");
    expect(uriEncode("a b+c/d*e!f'(g)$é")).toBe("a%20b%2Bc%2Fd%2Ae%21f%27%28g%29%24%C3%A9");
  });

  it("encodes each path segment once, whether or not it already was", () => {
    expect(canonicalPath("/bucket/test$file.text")).toBe("/bucket/test%24file.text");
    expect(canonicalPath("/bucket/test%24file.text")).toBe("/bucket/test%24file.text");
    expect(canonicalPath("/a%20b/c")).toBe("/a%20b/c");
    expect(canonicalPath("")).toBe("/");
  });

  it("sorts the query by name, then value, with empty values kept", () => {
    expect(canonicalQuery(new URLSearchParams("b=2&a=2&a=1&lifecycle"))).toBe("a=1&a=2&b=2&lifecycle=");
  });
});

describe("presignUrl against AWS's published example", () => {
  // The S3 API reference, "Authenticating Requests: Using Query Parameters": GET test.txt for 86400 seconds.
  it("gives the documented signature and query", () => {
    const url = presignUrl({ method: "GET", url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"), ...s3Docs, expiresIn: 86_400 });
    expect(url.searchParams.get("X-Amz-Signature")).toBe("aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404");
    expect(url.searchParams.get("X-Amz-Credential")).toBe("AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("86400");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("host");
  });
});
