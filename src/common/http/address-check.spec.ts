import { forbiddenAddressReason, isAllowListed, v6Groups } from './address-check';

describe('forbiddenAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(forbiddenAddressReason(address)).toContain(kind);
  });

  it.each(['93.184.216.34', '172.15.0.1', '172.32.0.1', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '1.1.1.1'])('allows the public address %s', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it('refuses what is not an address at all', () => {
    expect(forbiddenAddressReason('localhost')).toBe('not an IP address');
  });

  it('expands compressed IPv6 addresses', () => {
    expect(v6Groups('fe80::1')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(v6Groups('::ffff:10.1.2.3')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0a01, 0x0203]);
  });
});

describe('isAllowListed', () => {
  it('matches host and port, or any port when none is given', () => {
    expect(isAllowListed('127.0.0.1', 4000, ['127.0.0.1:4000'])).toBe(true);
    expect(isAllowListed('127.0.0.1', 4001, ['127.0.0.1:4000'])).toBe(false);
    expect(isAllowListed('LocalHost', 80, ['localhost'])).toBe(true);
    expect(isAllowListed('10.0.0.1', 80, ['127.0.0.1'])).toBe(false);
    expect(isAllowListed('::1', 8080, ['[::1]:8080'])).toBe(true);
    expect(isAllowListed('::1', 8081, ['[::1]:8080'])).toBe(false);
    expect(isAllowListed('127.0.0.1', 80, [])).toBe(false);
  });
});
