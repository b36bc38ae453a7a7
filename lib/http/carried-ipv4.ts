import ipaddr from "ipaddr.js";

// IPv6 addresses that stand for an IPv4 host are judged, and counted, as that host: a
// connection to ::7f00:1 (what WHATWG makes of [::127.0.0.1]) or to 64:ff9b::a00:1 can end at
// 127.0.0.1 or 10.0.0.1, and a client behind 6to4 holds a whole /48 for its one IPv4 address.
// Shared by the outbound check (outbound-address.ts) and the budgets' client key (client-ip.ts).

const WELL_KNOWN_NAT64 = ipaddr.IPv6.parse("64:ff9b::");
const IPV4_TRANSLATED = ipaddr.IPv6.parse("::ffff:0:0:0");
const IPV4_COMPATIBLE = ipaddr.IPv6.parse("::");

/**
 * The IPv4 address an IPv6 address carries: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated, but not :: and ::1, IPv6's own),
 * well-known NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::/48); else null.
 */
export function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const lastFour = () => new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (address.match(IPV4_TRANSLATED, 96) || address.match(WELL_KNOWN_NAT64, 96)) return lastFour();
  if (address.match(IPV4_COMPATIBLE, 96)) return address.range() === "unspecified" || address.range() === "loopback" ? null : lastFour();
  if (address.range() === "6to4") return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}
