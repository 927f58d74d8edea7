CREATE TABLE `daily_tax_group_sales` (
	`date` text NOT NULL,
	`tax_group` text NOT NULL,
	`line_count` integer NOT NULL,
	`amount` integer NOT NULL,
	`tax_amount` integer NOT NULL,
	PRIMARY KEY(`date`, `tax_group`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `daily_unit_quantities` (
	`date` text NOT NULL,
	`unit` text NOT NULL,
	`quantity_thousandths` integer NOT NULL,
	PRIMARY KEY(`date`, `unit`)
) WITHOUT ROWID;
--> statement-breakpoint
-- Filled from the invoices as rebuildRollups fills them (src/rollups/rebuild.ts, refillDayLineFigures), the
-- demo invoices counted as rollup_demo_scope says (all of them without its row).
INSERT INTO `daily_tax_group_sales` (`date`, `tax_group`, `line_count`, `amount`, `tax_amount`)
SELECT i.issue_date, it.tax_group, count(*), sum(it.total), sum(it.tax_amount)
FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
WHERE i.status IN ('issued', 'adjusted') AND it.tax_group IS NOT NULL AND it.kind IN ('goods', 'tradeDiscount')
  AND (i.demo = 0 OR (SELECT includes_demo FROM rollup_demo_scope WHERE id = 1) IS NOT 0)
GROUP BY i.issue_date, it.tax_group;--> statement-breakpoint
INSERT INTO `daily_unit_quantities` (`date`, `unit`, `quantity_thousandths`)
SELECT i.issue_date, coalesce(it.unit, ''), sum(CAST(round((CASE WHEN it.kind IN ('goods', 'promotion') AND coalesce(i.adjustment_type, 'increase') = 'increase' THEN it.quantity ELSE 0 END) * 1000) AS INTEGER))
FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
WHERE i.status IN ('issued', 'adjusted') AND it.kind IN ('goods', 'promotion')
  AND (i.demo = 0 OR (SELECT includes_demo FROM rollup_demo_scope WHERE id = 1) IS NOT 0)
GROUP BY i.issue_date, coalesce(it.unit, '');
