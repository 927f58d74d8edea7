ALTER TABLE `products` ADD `barcode` text;--> statement-breakpoint
ALTER TABLE `products` ADD `category` text;--> statement-breakpoint
ALTER TABLE `products` ADD `favourite` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `cost_price` real;--> statement-breakpoint
ALTER TABLE `products` ADD `active` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `sold` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `products_barcode` ON `products` (`barcode`);--> statement-breakpoint
CREATE INDEX `products_category_name_key` ON `products` (`category`,`name_key`);--> statement-breakpoint
CREATE INDEX `products_active_name_key` ON `products` (`active`,`name_key`);--> statement-breakpoint
-- Substring search on accent-free product names, as for customers' names (0000_baseline.sql): an FTS5 trigram
-- index whose rows have rowids of their own, kept in `product_search_keys`, which VACUUM never renumbers.
CREATE TABLE `product_search_keys` (
	`key` integer PRIMARY KEY,
	`sku` text NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `product_name_search` USING fts5(`name_key`, `sku` UNINDEXED, tokenize = 'trigram');
--> statement-breakpoint
CREATE TRIGGER `products_name_search_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `product_search_keys` (`sku`) VALUES (new.`sku`);
  INSERT INTO `product_name_search` (`rowid`, `name_key`, `sku`)
  VALUES ((SELECT `key` FROM `product_search_keys` WHERE `sku` = new.`sku`), new.`name_key`, new.`sku`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_name_search_update` AFTER UPDATE OF `name_key` ON `products`
  WHEN old.`name_key` IS NOT new.`name_key` BEGIN
  DELETE FROM `product_name_search` WHERE `rowid` = (SELECT `key` FROM `product_search_keys` WHERE `sku` = old.`sku`);
  INSERT INTO `product_name_search` (`rowid`, `name_key`, `sku`)
  VALUES ((SELECT `key` FROM `product_search_keys` WHERE `sku` = new.`sku`), new.`name_key`, new.`sku`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_name_search_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM `product_name_search` WHERE `rowid` = (SELECT `key` FROM `product_search_keys` WHERE `sku` = old.`sku`);
  DELETE FROM `product_search_keys` WHERE `sku` = old.`sku`;
END;
--> statement-breakpoint
INSERT INTO `product_search_keys` (`sku`) SELECT `sku` FROM `products`;
--> statement-breakpoint
INSERT INTO `product_name_search` (`rowid`, `name_key`, `sku`)
SELECT k.`key`, p.`name_key`, p.`sku` FROM `products` p JOIN `product_search_keys` k ON k.`sku` = p.`sku`;
--> statement-breakpoint
-- A product learnt from a sale was sold; one written by headquarters or the admin was if a line names it.
UPDATE `products` SET `sold` = 1 WHERE `source` = 'invoice'
  OR `sku` IN (SELECT `sku` FROM `invoice_items` WHERE `sku` IS NOT NULL);
