CREATE TABLE "data_rights_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"exported_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_rights_links" ADD CONSTRAINT "data_rights_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_rights_links_token_hash_key" ON "data_rights_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "data_rights_links_user_idx" ON "data_rights_links" USING btree ("user_id");