CREATE TABLE "monthly_revenue" (
	"store_id" text NOT NULL,
	"month" text NOT NULL,
	"status" text NOT NULL,
	"tax_rate" double precision NOT NULL,
	"invoices" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	CONSTRAINT "monthly_revenue_store_id_month_status_tax_rate_pk" PRIMARY KEY("store_id","month","status","tax_rate")
);
--> statement-breakpoint
CREATE INDEX "monthly_revenue_month" ON "monthly_revenue" USING btree ("month","status");--> statement-breakpoint
CREATE INDEX "daily_revenue_store_sums" ON "daily_revenue" USING btree ("store_id","issue_date","tax_rate","status","invoices","amount","tax_amount");--> statement-breakpoint
INSERT INTO "monthly_revenue" ("store_id", "month", "status", "tax_rate", "invoices", "amount", "tax_amount")
	SELECT "store_id", substr("issue_date", 1, 7), "status", "tax_rate", sum("invoices"), sum("amount"), sum("tax_amount")
	FROM "daily_revenue" GROUP BY 1, 2, 3, 4;
