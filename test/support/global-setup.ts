// Tests that run `hoadon` as a process use the same bundle as `npm start`: build it once per run.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
