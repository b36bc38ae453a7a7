import { clientIp, normalizeIp, UNKNOWN_IP } from "./client-ip";

const headers = (forwardedFor?: string) => new Headers(forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor });

describe("clientIp", () => {
  it("without a trusted proxy takes the one address Next's server writes, nothing else", () => {
    expect(clientIp(headers("203.0.113.7"), 0)).toBe("203.0.113.7");
    // A list was written by someone other than Next: one shared key.
    expect(clientIp(headers("198.51.100.1, 203.0.113.7"), 0)).toBe(UNKNOWN_IP);
    expect(clientIp(headers("not-an-ip"), 0)).toBe(UNKNOWN_IP);
    expect(clientIp(headers(), 0)).toBe(UNKNOWN_IP);
  });

  it("with N trusted proxies takes the N-th entry from the right, ignoring what the client wrote on its left", () => {
    expect(clientIp(headers("6.6.6.6, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientIp(headers("6.6.6.6, 203.0.113.7, 10.0.0.2"), 2)).toBe("203.0.113.7");
    // Fewer entries than proxies: the left-most, written by the first proxy.
    expect(clientIp(headers("203.0.113.7"), 2)).toBe("203.0.113.7");
    expect(clientIp(headers("6.6.6.6, garbage"), 1)).toBe(UNKNOWN_IP);
  });
});

describe("normalizeIp", () => {
  it("drops ports and brackets and maps v4-in-v6 to v4", () => {
    expect(normalizeIp("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(normalizeIp("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeIp("[2001:db8::1]:443")).toBe("2001:db8:0:0::/64");
  });

  it("keys every IPv6 form carrying an IPv4 address by that address", () => {
    for (const [written, v4] of [
      ["::ffff:cb00:7107", "203.0.113.7"],
      ["::203.0.113.7", "203.0.113.7"],
      ["::cb00:7107", "203.0.113.7"],
      ["[::7f00:1]:443", "127.0.0.1"],
      ["::ffff:0:cb00:7107", "203.0.113.7"],
      ["64:ff9b::cb00:7107", "203.0.113.7"],
      ["2002:cb00:7107:5::1", "203.0.113.7"],
    ]) expect({ written, key: normalizeIp(written!) }).toEqual({ written, key: v4 });
  });

  it("counts IPv6 per /64, however it is written", () => {
    expect(normalizeIp("2001:0DB8:0000:0001:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(normalizeIp("2001:db8:0:1:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
    expect(normalizeIp("::1")).toBe("0:0:0:0::/64");
    expect(normalizeIp("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("refuses what is not an address", () => {
    for (const value of ["", "unknown", "1.2.3", "example.com", "1.2.3.4.5"]) expect(normalizeIp(value)).toBeNull();
  });
});
