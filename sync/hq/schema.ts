/** Every table of the headquarters database, for drizzle queries and for drizzle-kit (migrations/hq). */

export * from './feed.table.js';
export * from './lookups.table.js';
export * from './records.table.js';
export * from './status.table.js';
export * from './stores.table.js';
export * from './users.table.js';
