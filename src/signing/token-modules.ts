/**
 * The PKCS#11 libraries the API may load (docs/security.md, F4): loading a library runs its code as the
 * node's user, so over HTTP only the drivers the Vietnamese CAs install, at their usual paths, and those the
 * machine's owner lists in HOADON_PKCS11_MODULES (separated like PATH). Any other library is chosen on the
 * machine itself, with `hoadon cert use-token --module`.
 */
import { existsSync } from 'node:fs';
import { basename, delimiter, resolve } from 'node:path';

export interface TokenModule {
  path: string;
  name: string;
}

/** The drivers of the CAs' USB tokens where their installers put them (Linux and Windows). */
export const KNOWN_TOKEN_MODULES: readonly TokenModule[] = [
  { path: 'C:\\Windows\\System32\\viettel-ca_v6.dll', name: 'Viettel-CA' },
  { path: 'C:\\Windows\\System32\\viettel-ca_v5.dll', name: 'Viettel-CA' },
  { path: 'C:\\Windows\\System32\\viettel-ca.dll', name: 'Viettel-CA' },
  { path: '/usr/lib/libviettel-ca_v6.so', name: 'Viettel-CA' },
  { path: '/usr/lib/libviettel-ca.so', name: 'Viettel-CA' },
  { path: 'C:\\Windows\\System32\\vnpt-ca_csp11.dll', name: 'VNPT-CA' },
  { path: 'C:\\Windows\\System32\\vnpt-ca_v34.dll', name: 'VNPT-CA' },
  { path: '/usr/lib/libvnpt-ca_csp11.so', name: 'VNPT-CA' },
  { path: 'C:\\Windows\\System32\\BkavCA.dll', name: 'BKAV-CA' },
  { path: 'C:\\Windows\\System32\\BkavCAv2S.dll', name: 'BKAV-CA' },
  { path: '/usr/lib/libbkavca.so', name: 'BKAV-CA' },
  { path: 'C:\\Windows\\System32\\fpt-ca.dll', name: 'FPT-CA' },
  { path: 'C:\\Windows\\System32\\fptca_csp11.dll', name: 'FPT-CA' },
  { path: '/usr/lib/libfpt-ca.so', name: 'FPT-CA' },
  { path: 'C:\\Windows\\System32\\ShuttleCsp11_3003.dll', name: 'Token ePass (Viettel-CA, VNPT-CA, FPT-CA, …)' },
  { path: 'C:\\Windows\\System32\\ngp11v211.dll', name: 'Token ePass 2003 (Feitian)' },
  { path: '/usr/lib/libshuttle_p11v220.so', name: 'Token ePass (Feitian)' },
  { path: '/usr/lib/libcastle.so.1.0.0', name: 'Token ePass 2003 (Feitian)' },
  { path: 'C:\\Windows\\System32\\eTPKCS11.dll', name: 'SafeNet eToken (CA2, Newtel-CA, Nacencomm, …)' },
  { path: '/usr/lib/libeTPkcs11.so', name: 'SafeNet eToken' },
  { path: '/usr/lib/libeToken.so', name: 'SafeNet eToken' },
  { path: 'C:\\Windows\\System32\\opensc-pkcs11.dll', name: 'OpenSC' },
  { path: '/usr/lib/x86_64-linux-gnu/opensc-pkcs11.so', name: 'OpenSC' },
  { path: '/usr/lib/x86_64-linux-gnu/pkcs11/opensc-pkcs11.so', name: 'OpenSC' },
];

export const MODULES_ENV = 'HOADON_PKCS11_MODULES';

/** The libraries the owner lists in HOADON_PKCS11_MODULES, read from the node's environment when asked. */
function ownerModules(env: NodeJS.ProcessEnv): TokenModule[] {
  return (env[MODULES_ENV] ?? '')
    .split(delimiter)
    .map((path) => path.trim())
    .filter(Boolean)
    .map((path) => ({ path, name: basename(path) }));
}

/** Every library the API may load, whether or not it is installed here. */
export function allowedTokenModules(env: NodeJS.ProcessEnv = process.env): TokenModule[] {
  return [...ownerModules(env), ...KNOWN_TOKEN_MODULES];
}

/** Whether the API may load `path`: exactly one of the allowed paths. */
export function isAllowedTokenModule(path: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const wanted = resolve(path);
  return allowedTokenModules(env).some((module) => module.path === path || resolve(module.path) === wanted);
}

/** The allowed libraries installed on this machine, for the console to choose from. */
export function installedTokenModules(env: NodeJS.ProcessEnv = process.env): TokenModule[] {
  const seen = new Set<string>();
  return allowedTokenModules(env).filter((module) => {
    if (seen.has(module.path) || !existsSync(module.path)) return false;
    seen.add(module.path);
    return true;
  });
}
