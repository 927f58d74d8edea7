-- Fills the positive revenue of the daily customer rollup and the rolling per-customer bound from the
-- invoices already in the database. Also run by rebuildRollups() (src/rollups) after 0003, so it can run again.
-- The window starts 365 days before the last day with sales: a window of up to 366 days ending today starts later.
UPDATE `daily_customer_sales` SET `positive_revenue` = p.`positive`
FROM (
  SELECT `issue_date`, `customer_id`, sum(max(`total`, 0)) AS `positive` FROM `invoices`
  WHERE `status` IN ('issued', 'adjusted') AND `customer_id` IS NOT NULL
  GROUP BY `issue_date`, `customer_id`
) p
WHERE `daily_customer_sales`.`date` = p.`issue_date` AND `daily_customer_sales`.`customer_id` = p.`customer_id`;
--> statement-breakpoint
INSERT INTO `rollup_windows` (`name`, `since`)
SELECT 'customer_recent_sales', coalesce(date(max(`date`), '-365 days'), '') FROM `daily_customer_sales` WHERE true
ON CONFLICT (`name`) DO UPDATE SET `since` = excluded.`since`;
--> statement-breakpoint
DELETE FROM `customer_recent_sales`;
--> statement-breakpoint
INSERT INTO `customer_recent_sales` (`customer_id`, `positive_revenue`)
SELECT `customer_id`, sum(`positive_revenue`) FROM `daily_customer_sales`
WHERE `date` >= (SELECT `since` FROM `rollup_windows` WHERE `name` = 'customer_recent_sales')
GROUP BY `customer_id`;
