-- The buyer name index rebuilt (1) with `detail = 'none'`: a trigram search only needs which rows hold every
-- trigram of the name, and each candidate is checked against the stored name anyway (GLOB), so the positions
-- FTS5 kept for every trigram only made its lists three times longer to intersect ("nguyen van an" among
-- 1 M invoices: 4.2 → 1.4 ms); and (2) with each invoice's `created_at` beside its id, so that a search by
-- name alone orders its candidates from the rows it has just read instead of reading each invoice again.
-- Bulk-filled in rowid order, as the index's rowid means "newer"; the backlog keeps its role (migration
-- 0015) and carries `created_at` too.
DROP TABLE `invoice_buyer_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `invoice_buyer_search` USING fts5(
  `name_key`, `invoice_id` UNINDEXED, `created_at` UNINDEXED, tokenize = 'trigram', detail = 'none'
);
--> statement-breakpoint
INSERT INTO `invoice_buyer_search` (`name_key`, `invoice_id`, `created_at`)
SELECT `buyer_name_key`, `id`, `created_at` FROM `invoices`
WHERE `id` NOT IN (SELECT `invoice_id` FROM `invoice_buyer_search_backlog`) ORDER BY `rowid`;
--> statement-breakpoint
INSERT INTO `invoice_buyer_search` (`invoice_buyer_search`) VALUES ('optimize');
--> statement-breakpoint
ALTER TABLE `invoice_buyer_search_backlog` ADD `created_at` text NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE `invoice_buyer_search_backlog`
SET `created_at` = (SELECT `created_at` FROM `invoices` WHERE `id` = `invoice_buyer_search_backlog`.`invoice_id`);
--> statement-breakpoint
DROP TRIGGER `invoices_buyer_search_insert`;
--> statement-breakpoint
CREATE TRIGGER `invoices_buyer_search_insert` AFTER INSERT ON `invoices` BEGIN
  INSERT INTO `invoice_buyer_search_backlog` (`invoice_id`, `name_key`, `created_at`) VALUES (new.`id`, new.`buyer_name_key`, new.`created_at`);
END;
