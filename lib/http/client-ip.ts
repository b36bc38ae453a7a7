import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { getEnv } from "@/lib/env";
import { carriedIPv4 } from "./carried-ipv4";

// The client's address, for budgets of signed-out callers. Next 16 hands neither middleware
// nor route handlers the socket: its server writes the socket's address into
// X-Forwarded-For only when the request carries none (base-server: `??=`). So:
// - TRUST_PROXY=0 (no proxy): that one entry, which is the socket's address unless the client
//   wrote the header itself. A list (or garbage) means someone else wrote it: "unknown",
//   one shared key. A client talking to Next directly can still name one address, which is
//   why an internet-facing instance belongs behind a proxy with TRUST_PROXY set.
// - TRUST_PROXY=N: N proxies in front each append the address they saw, so the N-th entry
//   from the right is the client as the outermost proxy saw it; anything left of it was
//   written by the client and is ignored.
// IPv6 addresses count per /64: one host usually holds the whole prefix; one carrying an IPv4
// address (mapped, compatible, NAT64, 6to4) counts as that address (lib/http/carried-ipv4.ts).

export const UNKNOWN_IP = "unknown";

export function clientIp(headers: Headers, trustedProxies = getEnv().TRUST_PROXY): string {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (trustedProxies === 0) return entries.length === 1 ? (normalizeIp(entries[0]!) ?? UNKNOWN_IP) : UNKNOWN_IP;
  const entry = entries[Math.max(0, entries.length - trustedProxies)];
  return entry === undefined ? UNKNOWN_IP : (normalizeIp(entry) ?? UNKNOWN_IP);
}

/** An address as a budget key: v4 as is (ports dropped), v6 carrying a v4 address as that address, other v6 as its /64. */
export function normalizeIp(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.split("%")[0]!.toLowerCase();
  const version = isIP(value);
  if (version === 4) return value;
  if (version !== 6) return null;
  const address = ipaddr.IPv6.parse(value);
  const carried = carriedIPv4(address);
  if (carried) return carried.toString();
  return `${address.parts.slice(0, 4).map((part) => part.toString(16)).join(":")}::/64`;
}
