CREATE TABLE `sync_outbox` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` text NOT NULL,
	`kind` text NOT NULL,
	`version` integer NOT NULL,
	`at` text NOT NULL,
	`payload` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_push_acks` (
	`through_seq` integer PRIMARY KEY NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_settings_clock` (
	`name` text PRIMARY KEY NOT NULL,
	`hlc` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`pushed_through_seq` integer DEFAULT 0 NOT NULL,
	`inflight_from_seq` integer,
	`inflight_through_seq` integer,
	`pull_cursor` integer DEFAULT 0 NOT NULL,
	`last_push_at` text,
	`last_pull_at` text,
	`last_success_at` text,
	`last_error` text,
	`last_error_at` text,
	`consecutive_failures` integer DEFAULT 0 NOT NULL,
	`failing_since` text,
	`next_attempt_at` text,
	`hlc` text,
	CONSTRAINT "sync_state_single_row" CHECK("sync_state"."id" = 1)
);
