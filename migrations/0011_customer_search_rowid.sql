-- A rename (same MST, new name) deleted the customer's search row by `customer_id`, an UNINDEXED FTS5 column:
-- a scan of the whole trigram index inside the cashier's write transaction (about 7 ms at 50,000 customers).
-- Each customer's search row now has a rowid of its own, kept in `customer_search_keys`: an INTEGER PRIMARY
-- KEY, which VACUUM never renumbers (the implicit rowid of `customers`, whose key is TEXT, it may). A rename
-- finds that rowid through the UNIQUE index and deletes by it.
CREATE TABLE `customer_search_keys` (
	`key` integer PRIMARY KEY,
	`customer_id` text NOT NULL UNIQUE
);
--> statement-breakpoint
INSERT INTO `customer_search_keys` (`customer_id`) SELECT `id` FROM `customers`;
--> statement-breakpoint
DROP TRIGGER `customers_name_search_insert`;
--> statement-breakpoint
DROP TRIGGER `customers_name_search_update`;
--> statement-breakpoint
-- Rebuilt from `customers` in one bulk insert, a compact index, where renumbering in place would delete and
-- re-insert every row.
DROP TABLE `customer_name_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `customer_name_search` USING fts5(`name_key`, `customer_id` UNINDEXED, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `customer_name_search` (`rowid`, `name_key`, `customer_id`)
SELECT k.`key`, c.`name_key`, c.`id` FROM `customers` c JOIN `customer_search_keys` k ON k.`customer_id` = c.`id`;
--> statement-breakpoint
CREATE TRIGGER `customers_name_search_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `customer_search_keys` (`customer_id`) VALUES (new.`id`);
  INSERT INTO `customer_name_search` (`rowid`, `name_key`, `customer_id`)
  VALUES ((SELECT `key` FROM `customer_search_keys` WHERE `customer_id` = new.`id`), new.`name_key`, new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `customers_name_search_update` AFTER UPDATE OF `name_key` ON `customers`
  WHEN old.`name_key` IS NOT new.`name_key` BEGIN
  DELETE FROM `customer_name_search` WHERE `rowid` = (SELECT `key` FROM `customer_search_keys` WHERE `customer_id` = old.`id`);
  INSERT INTO `customer_name_search` (`rowid`, `name_key`, `customer_id`)
  VALUES ((SELECT `key` FROM `customer_search_keys` WHERE `customer_id` = new.`id`), new.`name_key`, new.`id`);
END;
