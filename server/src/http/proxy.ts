import { BlockList, isIP } from 'node:net';

/** Names for address ranges, as proxy-addr (Fastify's trustProxy) knows them. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Whether `entry` is an address, a CIDR range or one of the named ranges; the reason when it is not. */
export function proxyEntryProblem(entry: string): string | null {
  if (NAMED_RANGES[entry]) return null;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `${entry} is no address, CIDR range or ${Object.keys(NAMED_RANGES)}`;
  if (prefix === undefined) return null;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128) ? null : `${entry} has a bad prefix length`;
}

/** Answers whether a peer address is one of `entries` (checked by proxyEntryProblem). */
export function proxyTrust(entries: readonly string[]): (address: string | undefined) => boolean {
  if (entries.length === 0) return () => false;
  const trusted = new BlockList();
  for (const entry of entries.flatMap((name) => NAMED_RANGES[name] ?? [name])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const family = address ? isIP(address) : 0;
    return family !== 0 && trusted.check(address!, family === 4 ? 'ipv4' : 'ipv6');
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the peer at this address is a proxy whose forwarding headers are believed (TRUST_PROXY). */
    trustsProxy(address: string | undefined): boolean;
  }
}
