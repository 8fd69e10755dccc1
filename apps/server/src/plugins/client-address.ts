import net from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whom per-address limits count against: the client's IPv4 address, or its IPv6 network of
     * RATE_LIMIT_IPV6_PREFIX bits (a /64 by default), since one subscriber is handed a whole /64 and
     * picks any address in it (docs/decisions/049-request-cost-before-auth.md).
     */
    readonly clientAddress: string;
  }
}

/**
 * The key of `ip` for per-address limits: an IPv4 address as it is (an IPv4-mapped IPv6 address,
 * `::ffff:203.0.113.7`, as the IPv4 it carries), an IPv6 address as its first `ipv6Prefix` bits in
 * canonical form with the prefix length (`2001:db8:1:2::/64`). Anything else comes back unchanged.
 */
export function addressKey(ip: string, ipv6Prefix: number): string {
  const address = ip.replace(/%.*$/, '');
  if (net.isIPv4(address) || !net.isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  const masked = groups.map((group, i) => {
    const bits = Math.min(16, Math.max(0, ipv6Prefix - i * 16));
    return bits === 0 ? 0 : group & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${canonical(masked)}/${ipv6Prefix}`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 read). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

/** RFC 5952 text of eight groups: lower-case hex, the longest run of two or more zero groups as `::`. */
function canonical(groups: number[]): string {
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let end = i;
    while (end < 8 && groups[end] === 0) end++;
    if (end - i > best.length) best = { start: i, length: end - i };
    i = end;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/** Decorates every request with `clientAddress` (computed from `req.ip` when first read). */
export function registerClientAddress(app: FastifyInstance, ipv6Prefix: number) {
  app.decorateRequest('clientAddress', {
    getter(this: { ip: string }) {
      return addressKey(this.ip, ipv6Prefix);
    },
  });
}
