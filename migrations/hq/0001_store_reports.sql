ALTER TABLE `stores` ADD `reported_version` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `reported_pending` integer;