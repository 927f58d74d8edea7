/**
 * Where the node's shipped files (migrations, later fonts) come from. From source and from the dist/
 * bundle alike, this module sits one level below the project root.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export function readAsset(relativePath: string): string {
  return readFileSync(join(projectRoot, relativePath), 'utf8');
}

export function readPackageVersion(): string {
  return (JSON.parse(readAsset('package.json')) as { version: string }).version;
}
