-- Custom (STACK.md "Drizzle and extensions"), issue 11: every write that can change a search answer
-- announces it on the realtime bus, so each process drops its short-lived search answers at once
-- (offers-search.service.ts). A trigger rather than a call in each service: the answer embeds the
-- offer, its pricing options, the helper's public fields and state, and the helper's rating, and
-- whatever writes them (owner, admin, erasure, moderation, a script) is covered.
-- Statement-level, with one constant payload: PostgreSQL sends identical notifications of one
-- transaction once, at commit, and never for a rolled-back write.
CREATE OR REPLACE FUNCTION appui_announce_search_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('appui_events', '{"type":"search.changed","user_ids":[]}');
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER offers_search_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION appui_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER pricing_options_search_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pricing_options
  FOR EACH STATEMENT EXECUTE FUNCTION appui_announce_search_change();
--> statement-breakpoint
-- Ratings: a review written, edited, removed or restored by moderation.
CREATE TRIGGER reviews_search_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION appui_announce_search_change();
--> statement-breakpoint
-- Only the columns an answer shows or filters on: logins, tokens and the like change no answer.
CREATE TRIGGER users_search_changed
  AFTER UPDATE OF display_name, username, avatar_url, first_name, last_name, role, suspended_at, erased_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION appui_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER users_deleted_search_changed
  AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION appui_announce_search_change();
