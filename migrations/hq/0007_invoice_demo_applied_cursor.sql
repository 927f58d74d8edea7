ALTER TABLE `stores` ADD `applied_cursor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `demo` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `feed_store_kind_cursor` ON `feed` (`store_id`,`kind`,`cursor`);--> statement-breakpoint
-- Back-fill: the flag from the record each projected invoice was made of (its payload's `demo`).
UPDATE `invoices` SET `demo` = 1 WHERE EXISTS (SELECT 1 FROM `records` r WHERE r.`store_id` = `invoices`.`store_id`
  AND r.`record_id` = 'invoice:' || `invoices`.`invoice_id` AND r.`version` = `invoices`.`version`
  AND json_extract(r.`payload`, '$.demo') = 1);
