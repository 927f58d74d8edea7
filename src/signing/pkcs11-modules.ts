/**
 * The PKCS#11 libraries a USB token can be used through (docs/security.md "USB tokens"): those of the
 * known drivers of the licensed CAs, found at their install paths on this machine, and those the node's
 * configuration names (HOADON_PKCS11_MODULES). The console picks one of these; it never types a path.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';

/** Where the CAs' token drivers install their PKCS#11 library on Linux, by the driver's name. */
export const KNOWN_PKCS11_MODULES: readonly { name: string; path: string }[] = [
  { name: 'Viettel-CA', path: '/usr/lib/viettel-ca/libViettelCA_v6.so' },
  { name: 'Viettel-CA', path: '/usr/lib/libviettel-ca_v5.so' },
  { name: 'VNPT-CA', path: '/usr/lib/vnpt-ca/libvnpt-ca.so' },
  { name: 'VNPT-CA', path: '/usr/lib/libVNPT-CA_v34.so' },
  { name: 'BKAV-CA', path: '/usr/lib/bkavca/libbkavca.so' },
  { name: 'FPT-CA', path: '/usr/lib/fptca/libfptca.so' },
  { name: 'NACENCOMM (CA2)', path: '/usr/lib/libca2-v1.so' },
  { name: 'SafeNet eToken', path: '/usr/lib/libeTPkcs11.so' },
  { name: 'SafeNet eToken', path: '/usr/lib/libeToken.so' },
  { name: 'ePass2003 (Feitian)', path: '/usr/lib/libcastle.so.1.0.0' },
  { name: 'OpenSC', path: '/usr/lib/x86_64-linux-gnu/opensc-pkcs11.so' },
  { name: 'SoftHSM', path: '/usr/lib/softhsm/libsofthsm2.so' },
];

export interface Pkcs11Module {
  name: string;
  path: string;
}

/** The known drivers installed here, then the configured ones (each path once). */
export function availablePkcs11Modules(configured: string | undefined, exists = existsSync): Pkcs11Module[] {
  const found: Pkcs11Module[] = KNOWN_PKCS11_MODULES.filter((module) => exists(module.path));
  for (const path of (configured ?? '').split(':').map((p) => p.trim())) {
    if (path && !found.some((module) => module.path === path)) found.push({ name: basename(path), path });
  }
  return found;
}
