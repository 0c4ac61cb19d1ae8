CREATE TABLE "helper_charter_acceptances" (
	"user_id" uuid NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helper_charter_acceptances_user_id_version_pk" PRIMARY KEY("user_id","version")
);
--> statement-breakpoint
ALTER TABLE "helper_charter_acceptances" ADD CONSTRAINT "helper_charter_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- is_verified was a flag the seed set with nothing checked behind it: the API's is_verified is now
-- derived from the three checks (users.service.ts). Helpers of before have accepted no charter yet:
-- they keep their role and offers, and accept it before their next new offer.
ALTER TABLE "users" DROP COLUMN "is_verified";