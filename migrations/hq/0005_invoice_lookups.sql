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
CREATE INDEX `invoice_lookups_symbol` ON `invoice_lookups` (`ky_hieu`,`number`);