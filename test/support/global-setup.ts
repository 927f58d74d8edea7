// Tests that run `hoadon` as a process use the same bundle as `npm start`: build it once per run.
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startPgCluster } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL cluster's superuser URL (test/support/postgres.ts): a test file makes its database. */
    pgClusterUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const cluster = await startPgCluster();
  project.provide('pgClusterUrl', cluster.url);
  return () => cluster.stop();
}
