CREATE TABLE `sync_backfill` (
	`id` integer PRIMARY KEY NOT NULL,
	`through_rowid` integer NOT NULL,
	`until_rowid` integer NOT NULL,
	CONSTRAINT "sync_backfill_single_row" CHECK("sync_backfill"."id" = 1)
);
--> statement-breakpoint
-- The invoices already here when the outbox arrives (an upgrade) are queued for headquarters by the sync
-- passes (sync/store/backfill.ts); a new data dir has none.
INSERT INTO `sync_backfill` (`id`, `through_rowid`, `until_rowid`) SELECT 1, 0, max(rowid) FROM `invoices` HAVING count(*) > 0;
