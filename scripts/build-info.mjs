// What `hoadon --version` reports about a build: the package version, the git commit and the build time.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function buildInfo() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // not a git checkout (e.g. a source tarball)
  }
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  return { version, commit, builtAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') };
}
