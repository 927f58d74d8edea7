import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { createTestDatabase } from '../support/postgres.js';

it("gives each test file a database of its own in the run's PostgreSQL", async () => {
  const url = await createTestDatabase(inject('pgClusterUrl'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    "SELECT current_database() AS name, current_setting('server_version_num')::int AS v",
  );
  await client.end();
  expect(rows[0].name).toBe(new URL(url).pathname.slice(1));
  expect(rows[0].v).toBeGreaterThanOrEqual(150000);
});
