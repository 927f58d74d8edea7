CREATE TABLE "daily_revenue" (
	"store_id" text NOT NULL,
	"issue_date" text NOT NULL,
	"status" text NOT NULL,
	"tax_rate" double precision NOT NULL,
	"invoices" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	CONSTRAINT "daily_revenue_store_id_issue_date_status_tax_rate_pk" PRIMARY KEY("store_id","issue_date","status","tax_rate")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_lines" text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX "daily_revenue_date" ON "daily_revenue" USING btree ("issue_date","status");