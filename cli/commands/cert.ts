import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { openNode } from '../../src/node.js';
import { CertificateError } from '../../src/signing/certificates.js';
import type { CertificateSummary } from '../../src/signing/signing.store.js';
import { configFrom, readStdin } from '../run.js';

interface CertFlags {
  dataDir?: string;
  passwordStdin?: boolean;
  json?: boolean;
}

function print(summary: CertificateSummary, json: boolean | undefined): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return;
  }
  const note = summary.certificate === 'demo' ? ' — chứng thư DEMO, chỉ dùng thử nghiệm' : '';
  process.stdout.write(
    `${summary.certificate}${note}\n${summary.subject}\nHiệu lực: ${summary.validFrom} – ${summary.validTo}\n`,
  );
}

export function registerCertCommands(program: Command): void {
  const cert = program.command('cert').description("The seller's certificate that signs invoice XML");
  const dataDir = ['--data-dir <dir>', 'data directory (HOADON_DATA_DIR, default ./data)'] as const;

  cert
    .command('import <file>')
    .description("Install the seller's certificate and key from a PKCS#12 file (.p12/.pfx)")
    .option(...dataDir)
    .option('--password-stdin', 'read the PKCS#12 password from standard input (default: no password)')
    .option('--json', 'print JSON')
    .action(async (file: string, flags: CertFlags) => {
      const password = flags.passwordStdin ? await readStdin() : '';
      const p12 = readFileSync(file);
      const node = await openNode(configFrom({ dataDir: flags.dataDir }));
      try {
        print(node.services.signing.importPkcs12(p12, password), flags.json);
      } catch (error) {
        if (!(error instanceof CertificateError)) throw error;
        process.stderr.write(`hoadon: ${error.message}\n`);
        process.exitCode = 1;
      } finally {
        await node.close();
      }
    });

  cert
    .command('show')
    .description('Show the certificate in use (makes the demo certificate if there is none yet)')
    .option(...dataDir)
    .option('--json', 'print JSON')
    .action(async (flags: CertFlags) => {
      const node = await openNode(configFrom({ dataDir: flags.dataDir }));
      try {
        print(node.services.signing.summary(), flags.json);
      } finally {
        await node.close();
      }
    });
}
