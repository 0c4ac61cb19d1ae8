ALTER TABLE "chat_sessions" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "owner_token_version" integer;--> statement-breakpoint
-- A session finished before this migration: its last change is the closest thing to when it ended.
UPDATE "chat_sessions" SET "closed_at" = "updated_at" WHERE "status" IN ('closed', 'archived');--> statement-breakpoint
-- An account's session token given before this migration: nothing says whether the account's tokens
-- were revoked since, so it is taken as revoked (-1 matches no token_version); the owner still reaches
-- the session with the account's own token.
UPDATE "chat_sessions" SET "owner_token_version" = -1 WHERE "user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_closed_at_check" CHECK (("chat_sessions"."status" IN ('closed', 'archived')) = ("chat_sessions"."closed_at" IS NOT NULL));
