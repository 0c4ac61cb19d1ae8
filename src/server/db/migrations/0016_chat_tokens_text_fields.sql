ALTER TABLE "chat_sessions" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "owner_token_version" integer;--> statement-breakpoint
-- A session finished before this migration: its last change is the closest thing to when it ended.
UPDATE "chat_sessions" SET "closed_at" = "updated_at" WHERE "status" IN ('closed', 'archived');--> statement-breakpoint
-- An account's session token given before this migration: nothing says whether the account's tokens
-- were revoked since, so it is taken as revoked (-1 matches no token_version); the owner still reaches
-- the session with the account's own token.
UPDATE "chat_sessions" SET "owner_token_version" = -1 WHERE "user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_closed_at_check" CHECK (("chat_sessions"."status" IN ('closed', 'archived')) = ("chat_sessions"."closed_at" IS NOT NULL));
--> statement-breakpoint
-- Single-line fields now refuse control characters and line breaks (src/shared/rules/text-characters.ts);
-- what was stored before gets a space for each, so no old name or title splits a mail into lines.
UPDATE "users" SET "display_name" = regexp_replace("display_name", '[[:cntrl:]\u2028\u2029]', ' ', 'g') WHERE "display_name" ~ '[[:cntrl:]\u2028\u2029]';--> statement-breakpoint
UPDATE "users" SET "first_name" = regexp_replace("first_name", '[[:cntrl:]\u2028\u2029]', ' ', 'g') WHERE "first_name" ~ '[[:cntrl:]\u2028\u2029]';--> statement-breakpoint
UPDATE "users" SET "last_name" = regexp_replace("last_name", '[[:cntrl:]\u2028\u2029]', ' ', 'g') WHERE "last_name" ~ '[[:cntrl:]\u2028\u2029]';--> statement-breakpoint
UPDATE "offers" SET "title" = regexp_replace("title", '[[:cntrl:]\u2028\u2029]', ' ', 'g') WHERE "title" ~ '[[:cntrl:]\u2028\u2029]';--> statement-breakpoint
UPDATE "support_messages" SET "subject" = regexp_replace("subject", '[[:cntrl:]\u2028\u2029]', ' ', 'g'), "user_name" = regexp_replace("user_name", '[[:cntrl:]\u2028\u2029]', ' ', 'g') WHERE "subject" ~ '[[:cntrl:]\u2028\u2029]' OR "user_name" ~ '[[:cntrl:]\u2028\u2029]';--> statement-breakpoint
UPDATE "chat_sessions" SET "subject" = regexp_replace("subject", '[[:cntrl:]\u2028\u2029]', ' ', 'g'), "guest_name" = regexp_replace("guest_name", '[[:cntrl:]\u2028\u2029]', ' ', 'g') WHERE "subject" ~ '[[:cntrl:]\u2028\u2029]' OR "guest_name" ~ '[[:cntrl:]\u2028\u2029]';
