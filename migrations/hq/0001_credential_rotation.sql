ALTER TABLE `stores` ADD `previous_credential_hash` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `previous_credential_until` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `disabled_at` text;