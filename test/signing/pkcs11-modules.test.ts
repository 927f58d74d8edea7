import { describe, expect, it } from 'vitest';
import { availablePkcs11Modules } from '../../src/signing/pkcs11-modules.js';

describe('the PKCS#11 libraries offered for a USB token', () => {
  it('are the known drivers installed here, then the configured paths, each once', () => {
    const installed = new Set(['/usr/lib/vnpt-ca/libvnpt-ca.so', '/usr/lib/bkavca/libbkavca.so']);
    expect(
      availablePkcs11Modules('/opt/ca/libtoken.so: /usr/lib/vnpt-ca/libvnpt-ca.so', (path) =>
        installed.has(String(path)),
      ),
    ).toEqual([
      { name: 'VNPT-CA', path: '/usr/lib/vnpt-ca/libvnpt-ca.so' },
      { name: 'BKAV-CA', path: '/usr/lib/bkavca/libbkavca.so' },
      { name: 'libtoken.so', path: '/opt/ca/libtoken.so' },
    ]);
    expect(availablePkcs11Modules(undefined, () => false)).toEqual([]);
  });
});
