/**
 * A USB token for tests: a SoftHSM2 token in a temporary token directory (SOFTHSM2_CONF of this process,
 * read by the library at C_Initialize), its RSA key pair generated on the token by pkcs11-tool, a
 * certificate for that key issued by the test CA and written next to it. Unplugging deletes the token
 * (softhsm2-util --delete-token) after keeping its files; plugging back puts the same token back.
 * Needs the Debian packages softhsm2 and opensc.
 */
import { execFileSync } from 'node:child_process';
import { createPublicKey, X509Certificate } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type IssueOptions, issueCertificate } from './test-ca.js';

export const SOFTHSM_MODULE = '/usr/lib/softhsm/libsofthsm2.so';
// The machine owner's list of PKCS#11 libraries the API may load (src/signing/token-modules.ts): SoftHSM here.
process.env.HOADON_PKCS11_MODULES = SOFTHSM_MODULE;
export const TOKEN_PIN = '5678';
const SO_PIN = '12345678';

export interface TestToken {
  module: string;
  label: string;
  pin: string;
  keyId: string;
  certificatePem: string;
  /** Takes the token out: deleted from SoftHSM, its files kept aside. */
  unplug(): void;
  /** Puts the same token back. */
  plugBack(): void;
  /** Changes the user PIN on the token (as the CA's software does). */
  changePin(from: string, to: string): void;
}

let root: string | undefined;

/** The token directory of this test process; SOFTHSM2_CONF is set to it before the library first loads. */
function softhsmRoot(): string {
  if (!root) {
    root = mkdtempSync(join(tmpdir(), 'hoadon-softhsm-'));
    mkdirSync(join(root, 'tokens'));
    writeFileSync(
      join(root, 'softhsm2.conf'),
      `directories.tokendir = ${join(root, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`,
    );
    process.env.SOFTHSM2_CONF = join(root, 'softhsm2.conf');
  }
  return root;
}

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });

const tool = (label: string, args: string[]) =>
  run('pkcs11-tool', ['--module', SOFTHSM_MODULE, '--token-label', label, '--login', '--pin', TOKEN_PIN, ...args]);

/**
 * A token labelled `label` with one key (id `keyId`) and a certificate for it: by default issued to the
 * test seller's MST by the test CA; `certificate` changes what it says (another MST, expired…).
 */
export function createTestToken(
  label: string,
  options: { keyId?: string; certificate?: Omit<IssueOptions, 'publicKeyPem'> } = {},
): TestToken {
  const tokens = join(softhsmRoot(), 'tokens');
  const keyId = options.keyId ?? '01';
  run('softhsm2-util', ['--init-token', '--free', '--label', label, '--so-pin', SO_PIN, '--pin', TOKEN_PIN]);
  tool(label, ['--keypairgen', '--key-type', 'rsa:2048', '--id', keyId, '--label', 'seller']);
  const work = mkdtempSync(join(tmpdir(), 'hoadon-token-'));
  tool(label, ['--read-object', '--type', 'pubkey', '--id', keyId, '--output-file', join(work, 'public.der')]);
  const publicKeyPem = createPublicKey({ key: readFileSync(join(work, 'public.der')), format: 'der', type: 'spki' })
    .export({ type: 'spki', format: 'pem' })
    .toString();
  const certificatePem = issueCertificate({ publicKeyPem, ...options.certificate });
  writeFileSync(join(work, 'certificate.der'), new X509Certificate(certificatePem).raw);
  tool(label, ['--write-object', join(work, 'certificate.der'), '--type', 'cert', '--id', keyId, '--label', 'seller']);
  rmSync(work, { recursive: true, force: true });

  const directoryOf = () =>
    readdirSync(tokens).find((name) => {
      const file = join(tokens, name, 'token.object');
      return existsSync(file) && readFileSync(file).includes(Buffer.from(label));
    });
  const kept = join(softhsmRoot(), `unplugged-${label}`);
  let directory: string | undefined;
  return {
    module: SOFTHSM_MODULE,
    label,
    pin: TOKEN_PIN,
    keyId,
    certificatePem,
    unplug() {
      directory = directoryOf();
      if (!directory) throw new Error(`token ${label} not found in ${tokens}`);
      rmSync(kept, { recursive: true, force: true });
      cpSync(join(tokens, directory), kept, { recursive: true });
      run('softhsm2-util', ['--delete-token', '--token', label]);
    },
    plugBack() {
      if (!directory) throw new Error(`token ${label} was not unplugged`);
      cpSync(kept, join(tokens, directory), { recursive: true });
    },
    changePin(from: string, to: string) {
      run('pkcs11-tool', [
        '--module',
        SOFTHSM_MODULE,
        '--token-label',
        label,
        '--change-pin',
        '--pin',
        from,
        '--new-pin',
        to,
      ]);
    },
  };
}
