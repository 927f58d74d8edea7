CREATE TABLE `monthly_sku_sales` (
	`month` text NOT NULL,
	`sku` text NOT NULL,
	`quantity` real NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`month`, `sku`)
);
