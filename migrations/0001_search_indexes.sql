-- Substring search on accent-free buyer and customer names ("nguyen" finds "Nguyễn") through FTS5 trigram
-- indexes, so that a search stays fast at millions of invoices. The index tables keep their own copy of the
-- key and the row's id (not external content by rowid: VACUUM may renumber rowids of these tables).
CREATE VIRTUAL TABLE `invoice_buyer_search` USING fts5(`name_key`, `invoice_id` UNINDEXED, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `invoice_buyer_search` (`name_key`, `invoice_id`) SELECT `buyer_name_key`, `id` FROM `invoices`;
--> statement-breakpoint
CREATE TRIGGER `invoices_buyer_search_insert` AFTER INSERT ON `invoices` BEGIN
  INSERT INTO `invoice_buyer_search` (`name_key`, `invoice_id`) VALUES (new.`buyer_name_key`, new.`id`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `customer_name_search` USING fts5(`name_key`, `customer_id` UNINDEXED, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `customer_name_search` (`name_key`, `customer_id`) SELECT `name_key`, `id` FROM `customers`;
--> statement-breakpoint
CREATE TRIGGER `customers_name_search_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `customer_name_search` (`name_key`, `customer_id`) VALUES (new.`name_key`, new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `customers_name_search_update` AFTER UPDATE OF `name_key` ON `customers`
  WHEN old.`name_key` IS NOT new.`name_key` BEGIN
  DELETE FROM `customer_name_search` WHERE `customer_id` = old.`id`;
  INSERT INTO `customer_name_search` (`name_key`, `customer_id`) VALUES (new.`name_key`, new.`id`);
END;
