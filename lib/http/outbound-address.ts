import "server-only";
import ipaddr from "ipaddr.js";
import { carriedIPv4 } from "./carried-ipv4";

// Which addresses the server may connect to on a user's behalf (DESIGN "Security rules").
// ipaddr.js rather than node:net BlockList: it names every special range of the IANA
// registries (v4 reserved, benchmarking and documentation blocks, v6 ULA, NAT64, 6to4, Teredo,
// ORCHID…), so the rule is an allow-list of one word, "unicast", instead of a deny-list of
// CIDRs we would have to keep complete ourselves.

/**
 * True when `address` (an IP literal) is a public unicast address; false for any special range.
 * An IPv6 address carrying an IPv4 one (mapped, compatible, NAT64, 6to4) is judged as that
 * IPv4 address: ::7f00:1 and 64:ff9b::a00:1 are loopback and private, not public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const carried = carriedIPv4(parsed as ipaddr.IPv6);
  return (carried ?? parsed).range() === "unicast";
}

/** An IP literal as URL.hostname gives it ("[::1]" for IPv6), else null for a DNS name. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}
