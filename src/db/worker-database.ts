/**
 * The database opened from a worker thread's own bundled script (the backup and checkpoint threads). The
 * SQLite addon is loaded from the file the node names (`sqliteAddonPath` in native-binding.ts, which a
 * CommonJS worker bundle cannot import: it pulls in assets.ts) with process.dlopen, once per thread.
 */
import Database from 'better-sqlite3';

export function workerDatabaseOpener(
  addonPath: string,
): (path: string, options?: { readonly?: boolean }) => Database.Database {
  const addon = { exports: {} };
  process.dlopen(addon, addonPath);
  return (path, options = {}) =>
    new Database(path, {
      readonly: options.readonly ?? false,
      fileMustExist: true,
      nativeBinding: addon.exports as unknown as string,
    });
}
