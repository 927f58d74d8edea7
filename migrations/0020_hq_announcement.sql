CREATE TABLE `sync_hq_announcement` (
	`id` integer PRIMARY KEY NOT NULL,
	`hq_url` text NOT NULL,
	`public_url` text,
	`documents_through` integer DEFAULT 0 NOT NULL,
	`documents_until` integer DEFAULT 0 NOT NULL,
	`at` text NOT NULL,
	CONSTRAINT "sync_hq_announcement_single_row" CHECK("sync_hq_announcement"."id" = 1)
);
