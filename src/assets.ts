/**
 * Where the node's shipped files (migrations, fonts, the SQLite addon, the API docs UI) come from: the one
 * module that knows. From source and from the dist/ bundle they are files one level above this module;
 * inside the single executable (Node SEA) they are assets of the executable, and those that must exist
 * as files (a native addon, static web files) are extracted once to a per-build cache directory.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sea from 'node:sea';
import { fileURLToPath } from 'node:url';

export interface BuildInfo {
  version: string;
  commit: string;
  builtAt: string;
}

/** Set by the bundler (scripts/build*.mjs); absent when running the TypeScript sources (tests). */
declare const __HOADON_BUILD__: BuildInfo | undefined;

const inExecutable = sea.isSea();
const projectRoot = inExecutable ? '' : join(dirname(fileURLToPath(import.meta.url)), '..');

export const isSingleExecutable = (): boolean => inExecutable;

export function readAssetBuffer(relativePath: string): Buffer {
  if (inExecutable) return Buffer.from(sea.getRawAsset(relativePath) as ArrayBuffer);
  return readFileSync(join(projectRoot, relativePath));
}

export function readAsset(relativePath: string): string {
  return readAssetBuffer(relativePath).toString('utf8');
}

export function readPackageVersion(): string {
  return (JSON.parse(readAsset('package.json')) as { version: string }).version;
}

export function buildInfo(): BuildInfo | undefined {
  return typeof __HOADON_BUILD__ === 'undefined' ? undefined : __HOADON_BUILD__;
}

/** `0.1.0 (commit 1a2b3c4, built 2026-11-22T10:00:00Z)` for a build, the bare version from source. */
export function versionText(): string {
  const build = buildInfo();
  return build ? `${build.version} (commit ${build.commit}, built ${build.builtAt})` : readPackageVersion();
}

function cacheRoot(): string {
  const base = process.env.XDG_CACHE_HOME || (homedir() ? join(homedir(), '.cache') : tmpdir());
  const build = buildInfo();
  const id = createHash('sha256')
    .update(JSON.stringify(build ?? {}))
    .update(process.execPath)
    .digest('hex')
    .slice(0, 16);
  return join(base, 'hoadon', `${build?.version ?? 'dev'}-${id}`);
}

/**
 * The path of an asset as a real file. In the executable it is written once per build (to a temporary
 * name, then renamed, so that two processes starting together never see half a file).
 */
export function assetFile(relativePath: string, sourcePath?: string): string {
  if (!inExecutable) return sourcePath ?? join(projectRoot, relativePath);
  const target = join(cacheRoot(), relativePath);
  if (!existsSync(target)) {
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, readAssetBuffer(relativePath), { mode: 0o600 });
    renameSync(temporary, target);
  }
  return target;
}

/** Every asset under `prefix/` extracted as files; returns the directory (executable only). */
export function assetDirectory(prefix: string): string {
  const manifest = JSON.parse(readAsset('asset-manifest.json')) as string[];
  for (const key of manifest) if (key.startsWith(`${prefix}/`)) assetFile(key);
  return join(cacheRoot(), prefix);
}
