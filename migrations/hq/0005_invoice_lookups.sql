CREATE TABLE `invoice_lookups` (
	`store_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`lookup_code` text NOT NULL,
	`seller_mst` text NOT NULL,
	`mau_so` text NOT NULL,
	`ky_hieu` text NOT NULL,
	`number` integer NOT NULL,
	`total` integer NOT NULL,
	`demo` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`store_id`, `invoice_id`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoice_lookups_code` ON `invoice_lookups` (`lookup_code`);--> statement-breakpoint
CREATE INDEX `invoice_lookups_symbol` ON `invoice_lookups` (`ky_hieu`,`number`);--> statement-breakpoint
-- The invoices HQ held before: their lookup rows from the newest version's record, as a push would have written them.
INSERT INTO `invoice_lookups` (`store_id`, `invoice_id`, `lookup_code`, `seller_mst`, `mau_so`, `ky_hieu`, `number`, `total`, `demo`)
SELECT i.`store_id`, i.`invoice_id`, json_extract(r.`payload`, '$.lookupCode'),
  replace(json_extract(r.`payload`, '$.seller.mst'), '-', ''), i.`mau_so`, i.`ky_hieu`, i.`number`, i.`total`,
  coalesce(json_extract(r.`payload`, '$.demo'), 0)
FROM `invoices` i JOIN `records` r
  ON r.`store_id` = i.`store_id` AND r.`record_id` = 'invoice:' || i.`invoice_id` AND r.`version` = i.`version`
WHERE json_extract(r.`payload`, '$.lookupCode') IS NOT NULL AND json_extract(r.`payload`, '$.seller.mst') IS NOT NULL;
