CREATE TABLE `daily_revenue` (
	`store_id` text NOT NULL,
	`issue_date` text NOT NULL,
	`status` text NOT NULL,
	`tax_rate` real NOT NULL,
	`invoices` integer NOT NULL,
	`amount` integer NOT NULL,
	`tax_amount` integer NOT NULL,
	PRIMARY KEY(`store_id`, `issue_date`, `status`, `tax_rate`)
);
--> statement-breakpoint
CREATE INDEX `daily_revenue_date` ON `daily_revenue` (`issue_date`,`status`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `tax_lines` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
UPDATE `invoices` SET `tax_lines` = (
	SELECT json_group_array(json_object('taxRate', l.rate, 'amount', l.amount, 'taxAmount', l.tax)) FROM (
		SELECT json_extract(item.value, '$.taxRate') AS rate,
			sum(json_extract(item.value, '$.total')) * (CASE json_extract(r.payload, '$.adjustmentType') WHEN 'decrease' THEN -1 ELSE 1 END) AS amount,
			sum(json_extract(item.value, '$.taxAmount')) * (CASE json_extract(r.payload, '$.adjustmentType') WHEN 'decrease' THEN -1 ELSE 1 END) AS tax
		FROM `records` r, json_each(r.payload, '$.items') AS item
		WHERE r.store_id = `invoices`.store_id AND r.record_id = 'invoice:' || `invoices`.invoice_id AND r.version = `invoices`.version
		GROUP BY 1 ORDER BY min(item.key)
	) AS l
);--> statement-breakpoint
UPDATE `invoices` SET `tax_lines` = (
	SELECT json_array(json_object('taxRate', -1,
		'amount', (CASE json_extract(r.payload, '$.adjustmentType') WHEN 'decrease' THEN -1 ELSE 1 END)
			* coalesce(json_extract(r.payload, '$.totals.subtotal'), json_extract(r.payload, '$.totals.total') - coalesce(json_extract(r.payload, '$.totals.taxAmount'), 0)),
		'taxAmount', (CASE json_extract(r.payload, '$.adjustmentType') WHEN 'decrease' THEN -1 ELSE 1 END) * coalesce(json_extract(r.payload, '$.totals.taxAmount'), 0)))
	FROM `records` r
	WHERE r.store_id = `invoices`.store_id AND r.record_id = 'invoice:' || `invoices`.invoice_id AND r.version = `invoices`.version
) WHERE `tax_lines` = '[]' AND EXISTS (
	SELECT 1 FROM `records` r WHERE r.store_id = `invoices`.store_id AND r.record_id = 'invoice:' || `invoices`.invoice_id AND r.version = `invoices`.version
);--> statement-breakpoint
INSERT INTO `daily_revenue` (`store_id`, `issue_date`, `status`, `tax_rate`, `invoices`, `amount`, `tax_amount`)
	SELECT i.store_id, i.issue_date, i.status, json_extract(l.value, '$.taxRate'), count(*), sum(json_extract(l.value, '$.amount')), sum(json_extract(l.value, '$.taxAmount'))
	FROM `invoices` i, json_each(i.tax_lines) AS l
	GROUP BY 1, 2, 3, 4;
