-- Fills the rollups from the invoices already in the database. Also run by rebuildRollups() (src/rollups),
-- so it first empties them and can run again at any time to recompute every figure from the invoices.
DELETE FROM `daily_sales`;
--> statement-breakpoint
DELETE FROM `daily_customer_sales`;
--> statement-breakpoint
DELETE FROM `daily_sku_sales`;
--> statement-breakpoint
DELETE FROM `invoice_status_counts`;
--> statement-breakpoint
DELETE FROM `monthly_issued_counts`;
--> statement-breakpoint
INSERT INTO `daily_sales` (`date`, `channel`, `invoice_count`, `revenue`, `tax_amount`, `quantity`)
SELECT i.`issue_date`, i.`channel`, count(*), sum(i.`total`), sum(i.`tax_amount`), coalesce(sum(q.`quantity`), 0)
FROM `invoices` i
LEFT JOIN (SELECT `invoice_id`, sum(`quantity`) AS `quantity` FROM `invoice_items` GROUP BY `invoice_id`) q ON q.`invoice_id` = i.`id`
WHERE i.`status` IN ('issued', 'adjusted')
GROUP BY i.`issue_date`, i.`channel`;
--> statement-breakpoint
INSERT INTO `daily_customer_sales` (`date`, `customer_id`, `invoice_count`, `revenue`)
SELECT `issue_date`, `customer_id`, count(*), sum(`total`) FROM `invoices`
WHERE `status` IN ('issued', 'adjusted') AND `customer_id` IS NOT NULL
GROUP BY `issue_date`, `customer_id`;
--> statement-breakpoint
INSERT INTO `daily_sku_sales` (`date`, `sku`, `quantity`, `revenue`)
SELECT i.`issue_date`, it.`sku`, sum(it.`quantity`), sum(it.`total`)
FROM `invoice_items` it JOIN `invoices` i ON i.`id` = it.`invoice_id`
WHERE i.`status` IN ('issued', 'adjusted') AND it.`sku` IS NOT NULL
GROUP BY i.`issue_date`, it.`sku`;
--> statement-breakpoint
INSERT INTO `invoice_status_counts` (`status`, `count`) SELECT `status`, count(*) FROM `invoices` GROUP BY `status`;
--> statement-breakpoint
INSERT INTO `monthly_issued_counts` (`month`, `count`)
SELECT substr(`issue_date`, 1, 7), count(*) FROM `invoices` WHERE `status` <> 'pending' GROUP BY substr(`issue_date`, 1, 7);
