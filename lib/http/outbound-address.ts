import "server-only";
import ipaddr from "ipaddr.js";

// Which addresses the server may connect to on a user's behalf (DESIGN "Security rules").
// ipaddr.js rather than node:net BlockList: it names every special range of the IANA
// registries (v4 reserved, benchmarking and documentation blocks, v6 ULA, NAT64, 6to4, Teredo,
// ORCHID…) and unwraps IPv4-mapped IPv6, so the rule is an allow-list of one word, "unicast",
// instead of a deny-list of CIDRs we would have to keep complete ourselves.

/** True when `address` (an IP literal) is a public unicast address; false for any special range. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns ::ffff:127.0.0.1 into 127.0.0.1, so mapped addresses meet the v4 rules.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (parsed.kind() === "ipv4") return range === "unicast";
  if (range === "unicast") return true;
  const wrapped = embeddedV4(parsed as ipaddr.IPv6);
  return wrapped !== null && isPublicAddress(wrapped);
}

/**
 * The IPv4 address a well-known NAT64 (64:ff9b::a.b.c.d) or a 6to4 (2002:AABB:CCDD::) address
 * wraps: such an address reaches that IPv4 host, so it is allowed only when that one is.
 */
function embeddedV4(address: ipaddr.IPv6): string | null {
  const bytes = address.toByteArray();
  if (address.match(ipaddr.IPv6.parse("64:ff9b::"), 96)) return bytes.slice(12, 16).join(".");
  if (address.range() === "6to4") return bytes.slice(2, 6).join(".");
  return null;
}

/** An IP literal as URL.hostname gives it ("[::1]" for IPv6), else null for a DNS name. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}
