import { assertPublicProviderUrl, isPublicAddress } from './provider-address.js';

describe('provider address guard', () => {
  it('refuses every IPv6 form that embeds an internal IPv4 address', () => {
    for (const address of [
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '::a00:1', // IPv4-compatible 10.0.0.1
      '::808:808', // IPv4-compatible, even of a public address: the form itself is refused
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::7f00:1', // NAT64
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1', // 6to4
      '2001:0::1', // Teredo
      '::ffff:0:7f00:1', // SIIT
      '::1',
      '::',
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
  });

  it('still takes public addresses in either family', () => {
    for (const address of ['8.8.8.8', '::ffff:8.8.8.8', '2606:4700:4700::1111'])
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
  });

  it('answers 400 for a provider URL in IPv4-compatible form', async () => {
    const policy = { allowPrivate: false, trusted: () => [] };
    await expect(assertPublicProviderUrl('http://[::7f00:1]:4398/', policy)).rejects.toMatchObject({ status: 400 });
    await expect(assertPublicProviderUrl('http://[64:ff9b::a9fe:a9fe]/api', policy)).rejects.toMatchObject({
      status: 400,
    });
  });
});
