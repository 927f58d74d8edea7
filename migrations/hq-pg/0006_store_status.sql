CREATE TABLE "store_facts" (
	"store_id" text PRIMARY KEY NOT NULL,
	"mst" text,
	"seller_name" text,
	"symbols" text DEFAULT '[]' NOT NULL,
	"mode" text NOT NULL,
	"version" text NOT NULL,
	"certificate_expires_at" text,
	"reported_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_problems" (
	"store_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"mau_so" text NOT NULL,
	"ky_hieu" text NOT NULL,
	"number" integer NOT NULL,
	"issue_date" text NOT NULL,
	"total" bigint NOT NULL,
	"demo" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"at" text NOT NULL,
	"reported_at" text NOT NULL,
	"closed_at" text,
	"handled_at" text,
	"handled_by" text,
	"handled_note" text,
	CONSTRAINT "tax_problems_store_id_invoice_id_pk" PRIMARY KEY("store_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "store_facts" ADD CONSTRAINT "store_facts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_problems" ADD CONSTRAINT "tax_problems_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_problems_at" ON "tax_problems" USING btree ("at");--> statement-breakpoint
CREATE INDEX "tax_problems_store_at" ON "tax_problems" USING btree ("store_id","at");--> statement-breakpoint
CREATE INDEX "invoices_symbol_number" ON "invoices" USING btree ("ky_hieu","number");--> statement-breakpoint
CREATE INDEX "invoices_buyer_mst_issue_date" ON "invoices" USING btree ("buyer_mst","issue_date","created_at","row_no");--> statement-breakpoint
CREATE INDEX "invoices_total" ON "invoices" USING btree ("total");