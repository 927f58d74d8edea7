// The programs the test suite drives for real (browser, database server, signature and schema checkers, OCR of
// printed receipts, faketime for past periods,
// PDF reader, PKCS#11 token): found, installed with apt-get when this process may (root on Debian), or the
// run stops at once with one line naming what is missing and the command that installs it. Runs first in
// `npm test`, so a fresh machine never gets as far as a pile of `spawn xmllint ENOENT` failures.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Each tool the tests run, as a path or a command on PATH, and the Debian package that brings it. */
const TOOLS = [
  { name: 'chromium', find: '/usr/bin/chromium', pkg: 'chromium' },
  {
    name: 'PostgreSQL 15',
    find: `${process.env.HOADON_PG_BIN ?? '/usr/lib/postgresql/15/bin'}/initdb`,
    pkg: 'postgresql',
  },
  { name: 'xmlsec1', find: 'xmlsec1', pkg: 'xmlsec1' },
  { name: 'xmllint', find: 'xmllint', pkg: 'libxml2-utils' },
  { name: 'pdftotext', find: 'pdftotext', pkg: 'poppler-utils' },
  { name: 'softhsm2-util', find: 'softhsm2-util', pkg: 'softhsm2' },
  { name: 'pkcs11-tool', find: 'pkcs11-tool', pkg: 'opensc' },
  { name: 'tesseract', find: 'tesseract', pkg: 'tesseract-ocr' },
  // A data file, not a program: found when it can be read.
  {
    name: 'tesseract Vietnamese',
    find: '/usr/share/tesseract-ocr/5/tessdata/vie.traineddata',
    pkg: 'tesseract-ocr-vie',
    data: true,
  },
  { name: 'faketime', find: 'faketime', pkg: 'faketime' },
];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const readable = (path) => {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
};

const found = (find, data = false) =>
  data
    ? readable(find)
    : find.includes('/')
      ? executable(find)
      : (process.env.PATH ?? '').split(delimiter).some((dir) => executable(join(dir, find)));

const missing = () => TOOLS.filter((tool) => !found(tool.find, tool.data));

function install(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  return run(['update', '-qq']) && run(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

let absent = missing();
const canInstall = absent.length > 0 && process.getuid?.() === 0 && found('apt-get');
if (canInstall) {
  console.log(`Cài đặt công cụ kiểm thử còn thiếu (installing): ${absent.map((t) => t.pkg).join(' ')}`);
  install(absent.map((t) => t.pkg));
  absent = missing();
}
if (absent.length > 0) {
  const names = absent.map((t) => t.name).join(', ');
  const command = `sudo apt-get install -y ${absent.map((t) => t.pkg).join(' ')}`;
  console.error(`Thiếu công cụ mà bộ kiểm thử cần (missing test tools): ${names}. Cài bằng (install with): ${command}`);
  process.exit(1);
}
