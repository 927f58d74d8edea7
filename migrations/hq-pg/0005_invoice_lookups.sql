CREATE TABLE "invoice_lookups" (
	"store_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"lookup_code" text NOT NULL,
	"seller_mst" text NOT NULL,
	"mau_so" text NOT NULL,
	"ky_hieu" text NOT NULL,
	"number" integer NOT NULL,
	"total" bigint NOT NULL,
	"demo" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_lookups_store_id_invoice_id_pk" PRIMARY KEY("store_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_lookups" ADD CONSTRAINT "invoice_lookups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lookups_code" ON "invoice_lookups" USING btree ("lookup_code");--> statement-breakpoint
CREATE INDEX "invoice_lookups_symbol" ON "invoice_lookups" USING btree ("ky_hieu","number");