import { isForbiddenAddress } from '../../src/delivery-engine/address-guard.js';

// Which partner addresses the delivery engine refuses to call (src/delivery-engine/address-guard.ts).

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '::1',
    '[::1]',
    '0.0.0.0',
    '::',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
    'not-an-address',
    // The IPv6 forms the hand-written ranges missed.
    '::127.0.0.1',
    '::a9fe:a9fe',
    '::ffff:0:7f00:1',
    '64:ff9b:1::7f00:1',
    'fec0::1',
    '[::ffff:127.0.0.1]',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );
});
