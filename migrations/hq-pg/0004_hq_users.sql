CREATE TABLE "hq_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" text NOT NULL,
	"expires_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hq_users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"role" text NOT NULL,
	"stores" text DEFAULT '[]' NOT NULL,
	"password_hash" text NOT NULL,
	"disabled_at" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hq_sessions" ADD CONSTRAINT "hq_sessions_user_id_hq_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."hq_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hq_sessions_user" ON "hq_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hq_sessions_expires" ON "hq_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hq_users_username" ON "hq_users" USING btree ("username");