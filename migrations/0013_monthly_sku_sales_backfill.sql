-- Fills the monthly SKU rollup from the daily one. Also run by rebuildRollups() (src/rollups) after 0003,
-- so it first empties it and can run again. Every (month, SKU) with a daily row gets a row, as the listener
-- writes them, so that a month read whole lists the same SKUs as its days.
DELETE FROM `monthly_sku_sales`;
--> statement-breakpoint
INSERT INTO `monthly_sku_sales` (`month`, `sku`, `quantity`, `revenue`)
SELECT substr(`date`, 1, 7), `sku`, sum(`quantity`), sum(`revenue`) FROM `daily_sku_sales`
GROUP BY substr(`date`, 1, 7), `sku`;
