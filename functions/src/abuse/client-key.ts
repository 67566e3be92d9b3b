/**
 * The client key of the per-client rate limit: the address a Google-run hop saw, read from the
 * right-hand end of `X-Forwarded-For`, never a value the client chose (docs/security.md, "Client
 * key").
 *
 * The function is reached two ways, and each hop appends the address it saw:
 *
 *   through Hosting: client -> Firebase Hosting (Fastly) -> Google front end -> function
 *     X-Forwarded-For: <anything the client wrote>, <client, as Hosting saw it>, <Hosting's hop>
 *   directly (the function URL is public, Hosting rewrites need that):
 *     X-Forwarded-For: <anything the client wrote>, <client, as Google's front end saw it>
 *
 * So the right-most entry is always the front end's. When it is one of Hosting's own addresses
 * (HOSTING_HOP_RANGES, by default Fastly's published ranges), the request came through Hosting
 * and the entry left of it is the one Hosting appended; otherwise the right-most entry is the
 * client. Nothing further left is read, and `Fastly-Client-IP` is ignored: a client can send
 * both, and Fastly keeps a client-sent `Fastly-Client-IP` unless the service overwrites it.
 *
 * IPv6 clients are keyed by their /64 (one home or phone usually holds a whole /64 and could
 * otherwise rotate addresses for free); IPv4-mapped addresses are read as IPv4.
 */
import { BlockList, isIP } from 'node:net';

/** Fastly's public ranges (https://api.fastly.com/public-ip-list), Firebase Hosting's CDN. */
export const FASTLY_RANGES = [
  '23.235.32.0/20',
  '43.249.72.0/22',
  '103.244.50.0/24',
  '103.245.222.0/23',
  '103.245.224.0/24',
  '104.156.80.0/20',
  '140.248.64.0/18',
  '140.248.128.0/17',
  '146.75.0.0/17',
  '151.101.0.0/16',
  '157.52.64.0/18',
  '167.82.0.0/17',
  '167.82.128.0/20',
  '167.82.160.0/20',
  '167.82.224.0/20',
  '172.111.64.0/18',
  '185.31.16.0/22',
  '199.27.72.0/21',
  '199.232.0.0/16',
  '2a04:4e40::/32',
  '2a04:4e42::/32',
] as const;

export type Route = 'hosting' | 'direct' | 'none';

export interface ClientAddress {
  /** What the limit counts under: an IPv4 address, an IPv6 /64, or a fixed word. */
  key: string;
  route: Route;
}

/** A BlockList of CIDR ranges ("a.b.c.d/n", "x::/n"); throws on a malformed one. */
export function hopRanges(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [network, bits] = range.trim().split('/');
    const family = isIP(network ?? '');
    const prefix = Number(bits);
    if (!family || !Number.isInteger(prefix)) throw new Error(`Not a CIDR range: ${range}`);
    list.addSubnet(network as string, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** HOSTING_HOP_RANGES (comma-separated CIDR) replaces the default Fastly ranges. */
export const readHostingHops = (env: NodeJS.ProcessEnv): BlockList =>
  hopRanges(env.HOSTING_HOP_RANGES?.trim() ? env.HOSTING_HOP_RANGES.split(',') : FASTLY_RANGES);

/** An address as the platform writes it, or undefined if it is not one. */
function parseAddress(entry: string): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  let address = entry.trim();
  // "[v6]:port" and "v4:port" forms, which some proxies write.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1] as string;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(address)) address = address.replace(/:\d+$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) address = mapped[1] as string;
  const family = isIP(address);
  if (family === 4) return { address, family: 'ipv4' };
  if (family === 6) return { address: address.toLowerCase(), family: 'ipv6' };
  return undefined;
}

/** The first four groups of an IPv6 address: its /64. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const keyOf = (parsed: { address: string; family: 'ipv4' | 'ipv6' }) =>
  parsed.family === 'ipv6' ? ipv6Prefix64(parsed.address) : parsed.address;

/**
 * The client key from the `X-Forwarded-For` the function received. Without the header (only
 * locally: the platform always appends) every request shares one key; an entry the platform
 * would never write (not an address) also gives a shared key rather than a key per value.
 */
export function clientAddress(forwardedFor: string | undefined, hostingHops: BlockList) {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const last = entries.at(-1);
  if (last === undefined) return { key: 'no-forwarded-for', route: 'none' } as ClientAddress;
  const frontEnd = parseAddress(last);
  if (!frontEnd) return { key: 'unreadable', route: 'direct' } as ClientAddress;
  if (hostingHops.check(frontEnd.address, frontEnd.family)) {
    const appendedByHosting = entries.at(-2);
    const client = appendedByHosting === undefined ? undefined : parseAddress(appendedByHosting);
    return { key: client ? keyOf(client) : 'unreadable', route: 'hosting' } as ClientAddress;
  }
  return { key: keyOf(frontEnd), route: 'direct' } as ClientAddress;
}
