/**
 * better-sqlite3's compiled addon. From source it is found in node_modules as usual. Inside the single
 * executable the addon is an asset: extracted to the cache, loaded with process.dlopen, and handed to
 * better-sqlite3 as `nativeBinding` (a path would make it call require, which the executable lacks).
 */
import { createRequire } from 'node:module';
import { assetFile, isSingleExecutable } from '../assets.js';

export const SQLITE_ADDON_ASSET = 'native/better_sqlite3.node';

let loaded: object | undefined;

export function sqliteNativeBinding(): object | undefined {
  if (!isSingleExecutable()) return undefined;
  if (!loaded) {
    const module = { exports: {} };
    process.dlopen(module, assetFile(SQLITE_ADDON_ASSET));
    loaded = module.exports;
  }
  return loaded;
}

/**
 * The addon as a file, for a worker thread that opens its own connection: it loads the same file with
 * process.dlopen (the addon is context-aware), since a bundled worker cannot find it the way require does.
 */
export function sqliteAddonPath(): string {
  return isSingleExecutable()
    ? assetFile(SQLITE_ADDON_ASSET)
    : createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');
}
