CREATE TABLE `sync_lease` (
	`id` integer PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`pid` integer NOT NULL,
	`until` text NOT NULL,
	CONSTRAINT "sync_lease_single_row" CHECK("sync_lease"."id" = 1)
);
