import { FASTLY_RANGES, clientAddress, hopRanges, readHostingHops } from './client-key';

const hops = hopRanges(FASTLY_RANGES);
/** A Fastly address, as Google's front end writes it when Hosting forwards a request. */
const HOSTING_HOP = '151.101.65.195';
const CLIENT = '198.51.100.23';

/** X-Forwarded-For as the function receives it on each route (see client-key.ts). */
const direct = (clientWrote: string | undefined, client = CLIENT) =>
  [clientWrote, client].filter(Boolean).join(', ');
const throughHosting = (clientWrote: string | undefined, client = CLIENT) =>
  [clientWrote, client, HOSTING_HOP].filter(Boolean).join(', ');

describe('clientAddress', () => {
  const spoofs = [
    undefined,
    '1.2.3.4',
    '1.2.3.4, 5.6.7.8',
    HOSTING_HOP,
    `${HOSTING_HOP}, ${HOSTING_HOP}`,
    '2001:db8::1',
    'not-an-address',
    'unknown, , ',
  ];

  it.each(spoofs)('direct route: what the client wrote (%j) changes nothing', (clientWrote) => {
    expect(clientAddress(direct(clientWrote), hops)).toEqual({ key: CLIENT, route: 'direct' });
  });

  it.each(spoofs)('through Hosting: what the client wrote (%j) changes nothing', (clientWrote) => {
    expect(clientAddress(throughHosting(clientWrote), hops)).toEqual({
      key: CLIENT,
      route: 'hosting',
    });
  });

  it('keys IPv6 clients by their /64 and reads IPv4-mapped addresses as IPv4', () => {
    expect(clientAddress(direct('9.9.9.9', '2001:db8:abcd:12:1::5'), hops).key).toBe(
      '2001:db8:abcd:12::/64',
    );
    expect(clientAddress(direct(undefined, '2001:db8:abcd:12:ffff::9'), hops).key).toBe(
      '2001:db8:abcd:12::/64',
    );
    expect(clientAddress(throughHosting(undefined, '2001:db8::7'), hops).key).toBe(
      '2001:db8:0:0::/64',
    );
    expect(clientAddress(direct(undefined, '::ffff:198.51.100.23'), hops).key).toBe(CLIENT);
    expect(clientAddress(direct(undefined, '[2001:db8::1]:443'), hops).key).toBe(
      '2001:db8:0:0::/64',
    );
    expect(clientAddress(direct(undefined, '198.51.100.23:5555'), hops).key).toBe(CLIENT);
  });

  it('an IPv6 Hosting hop is recognised too', () => {
    expect(clientAddress(`${CLIENT}, 2a04:4e42:1::1`, hops)).toEqual({
      key: CLIENT,
      route: 'hosting',
    });
  });

  it('without the header (only locally) or with an unreadable hop, all share one key', () => {
    expect(clientAddress(undefined, hops)).toEqual({ key: 'no-forwarded-for', route: 'none' });
    expect(clientAddress('', hops).key).toBe('no-forwarded-for');
    expect(clientAddress('1.2.3.4, garbage', hops).key).toBe('unreadable');
    expect(clientAddress(`garbage, ${HOSTING_HOP}`, hops).key).toBe('unreadable');
    expect(clientAddress(HOSTING_HOP, hops).key).toBe('unreadable');
  });

  it('HOSTING_HOP_RANGES replaces the default ranges', () => {
    const custom = readHostingHops({ HOSTING_HOP_RANGES: '192.0.2.0/24, 2001:db8:ffff::/48' });
    expect(clientAddress(`${CLIENT}, 192.0.2.9`, custom)).toEqual({
      key: CLIENT,
      route: 'hosting',
    });
    expect(clientAddress(`${CLIENT}, ${HOSTING_HOP}`, custom)).toEqual({
      key: HOSTING_HOP,
      route: 'direct',
    });
    expect(() => hopRanges(['nonsense'])).toThrow('Not a CIDR range');
    expect(readHostingHops({}).check(HOSTING_HOP, 'ipv4')).toBe(true);
  });
});
