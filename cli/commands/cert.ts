import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { storeTimeText } from '../../src/domain/calendar.js';
import { AppError } from '../../src/errors.js';
import { openNode } from '../../src/node.js';
import { CertificateError } from '../../src/signing/certificates.js';
import type { CertificateSummary, SigningStore } from '../../src/signing/signing.store.js';
import { configFrom, readStdin } from '../run.js';

interface CertFlags {
  dataDir?: string;
  passwordStdin?: boolean;
  pinStdin?: boolean;
  module?: string;
  token?: string;
  keyId?: string;
  json?: boolean;
  pem?: boolean;
}

const SOURCES = {
  demo: 'chứng thư DEMO, chỉ dùng thử nghiệm',
  file: 'tệp .p12 đã nhập',
  token: 'khóa trên thiết bị ký số (token)',
};

/** The validity in the store's local time (the JSON keeps the instants). */
function print(summary: CertificateSummary, json: boolean | undefined, timeZone: string): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return;
  }
  const untrusted =
    summary.source !== 'demo' && !summary.trusted ? '\nCHƯA XÁC MINH: không dẫn tới CA gốc tin cậy' : '';
  process.stdout.write(
    `${summary.source} — ${SOURCES[summary.source]}\n${summary.subject}\nSố sê-ri: ${summary.serial}\nHiệu lực: ${storeTimeText(summary.validFrom, timeZone)} – ${storeTimeText(summary.validTo, timeZone)}${untrusted}\n`,
  );
}

/** Opens the node, does `work` with its signing store; a refused certificate or token is a message and exit 1. */
async function withSigning(flags: CertFlags, work: (signing: SigningStore, timeZone: string) => void): Promise<void> {
  const node = await openNode(configFrom({ dataDir: flags.dataDir }));
  try {
    work(node.services.signing, node.services.config.timeZone);
  } catch (error) {
    if (!(error instanceof CertificateError) && !(error instanceof AppError)) throw error;
    process.stderr.write(`hoadon: ${error.message}\n`);
    process.exitCode = 1;
  } finally {
    await node.close();
  }
}

export function registerCertCommands(program: Command): void {
  const cert = program.command('cert').description('Chứng thư số của người bán dùng để ký XML hóa đơn');
  const dataDir = ['--data-dir <dir>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)'] as const;

  cert
    .command('import <file>')
    .description('Cài chứng thư số và khóa của người bán từ tệp PKCS#12 (.p12/.pfx)')
    .option(...dataDir)
    .option('--password-stdin', 'đọc mật khẩu tệp PKCS#12 từ đầu vào chuẩn (mặc định: không mật khẩu)')
    .option('--json', 'in JSON')
    .action(async (file: string, flags: CertFlags) => {
      const password = flags.passwordStdin ? await readStdin() : '';
      const p12 = readFileSync(file);
      await withSigning(flags, (signing, timeZone) => print(signing.importPkcs12(p12, password), flags.json, timeZone));
    });

  cert
    .command('use-token')
    .description(
      'Ký bằng khóa trên thiết bị ký số (USB token, PKCS#11): khóa có chứng thư số mang mã số thuế người bán',
    )
    .requiredOption('--module <lib.so>', 'thư viện PKCS#11 của token (ví dụ /usr/lib/softhsm/libsofthsm2.so)')
    .requiredOption('--token <label>', 'nhãn (label) của token')
    .option('--key-id <hex>', 'CKA_ID của khóa (hex); mặc định: khóa có chứng thư khớp mã số thuế người bán')
    .option('--pin-stdin', 'đọc mã PIN từ đầu vào chuẩn (được lưu để ký tự động, tệp quyền 0600)')
    .option(...dataDir)
    .option('--json', 'in JSON')
    .action(async (flags: CertFlags & { module: string; token: string }) => {
      if (!flags.pinStdin) {
        process.stderr.write('hoadon: cần mã PIN của token: dùng --pin-stdin (không nhập PIN trên dòng lệnh).\n');
        process.exitCode = 1;
        return;
      }
      const pin = (await readStdin()).trim();
      await withSigning(flags, (signing, timeZone) =>
        print(
          signing.useToken({
            module: flags.module,
            token: flags.token,
            pin,
            ...(flags.keyId ? { keyId: flags.keyId } : {}),
          }),
          flags.json,
          timeZone,
        ),
      );
    });

  cert
    .command('show')
    .description('Xem chứng thư số đang dùng (tạo chứng thư demo nếu chưa có)')
    .option(...dataDir)
    .option('--pem', 'in chứng thư dạng PEM (cho kế toán hoặc người mua)')
    .option('--json', 'in JSON')
    .action(async (flags: CertFlags) => {
      await withSigning(flags, (signing, timeZone) => {
        if (flags.pem) process.stdout.write(signing.certificatePem());
        else print(signing.summary(), flags.json, timeZone);
      });
    });
}
