DROP INDEX `customers_created_at`;--> statement-breakpoint
CREATE INDEX `customers_created_at_id_name_key` ON `customers` (`created_at`,`id`,`name_key`);