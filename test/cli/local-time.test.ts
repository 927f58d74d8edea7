/**
 * A command that prints times prints them in the store's zone (Asia/Ho_Chi_Minh by default, UTC+7 all
 * year), whatever the machine's own zone; its --json keeps the instants (docs/console.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runHoadon } from '../support/processes.js';

const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-cli-time-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The wall time in Vietnam (UTC+7, no summer time), written dd/mm/yyyy hh:mm:ss, worked out by hand. */
function vietnamTime(iso: string): string {
  const at = new Date(Date.parse(iso) + 7 * 3600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
}

describe("the command line's times", () => {
  it("hoadon cert show prints the certificate's validity in the store's time on a machine in any zone", () => {
    const json = runHoadon(['cert', 'show', '--data-dir', dataDir, '--json'], { env: { TZ: 'UTC' } });
    expect(json.status, json.stderr).toBe(0);
    const summary = JSON.parse(json.stdout) as { validFrom: string; validTo: string };
    // The JSON keeps the instants.
    expect(summary.validFrom).toMatch(/Z$/);
    const validity = `Hiệu lực: ${vietnamTime(summary.validFrom)} – ${vietnamTime(summary.validTo)}`;
    for (const zone of ['UTC', 'America/New_York']) {
      const text = runHoadon(['cert', 'show', '--data-dir', dataDir], { env: { TZ: zone } });
      expect(text.status, text.stderr).toBe(0);
      expect(text.stdout).toContain(validity);
    }
  });
});
