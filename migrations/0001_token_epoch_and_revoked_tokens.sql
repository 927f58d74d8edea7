CREATE TABLE `revoked_tokens` (
	`jti` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `token_epoch` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `demo` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_backfill` ADD `phase` text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_state` ADD `resync_from_seq` integer;