-- Custom migration: what pg-core cannot express (STACK.md "Drizzle and extensions").

-- unaccent() is only STABLE (its dictionary could change); this wrapper pins the dictionary so it
-- can be used in generated columns, indexes and triggers.
CREATE OR REPLACE FUNCTION appui_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;
--> statement-breakpoint
-- The searchable form of a text: lower case, no accents, and every hyphenated word also written
-- joined ("burn-out" also gives "burnout") so both spellings find each other.
CREATE OR REPLACE FUNCTION appui_search_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE WHEN n LIKE '%-%'
      THEN n || ' ' || regexp_replace(n, '([[:alnum:]])-([[:alnum:]])', '\1\2', 'g')
      ELSE n END
    FROM (SELECT lower(appui_unaccent(value)) AS n) AS normalized
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION appui_offers_search_text() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    NEW.search_text := appui_search_normalize(
      NEW.title || ' ' || NEW.description || ' ' ||
      coalesce((SELECT coalesce(display_name, '') || ' ' || coalesce(username, '') FROM users WHERE id = NEW.helper_id), ''));
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE TRIGGER offers_search_text_trigger
  BEFORE INSERT OR UPDATE OF title, description, helper_id ON offers
  FOR EACH ROW EXECUTE FUNCTION appui_offers_search_text();
--> statement-breakpoint
-- The vocabulary used to correct typos: every word of 3+ characters of a searchable offer.
CREATE OR REPLACE FUNCTION appui_offers_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, '[^[:alnum:]]+') AS w
      WHERE length(w) >= 3
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER offers_search_words_trigger
  AFTER INSERT OR UPDATE OF search_text ON offers
  FOR EACH ROW EXECUTE FUNCTION appui_offers_search_words();
--> statement-breakpoint
-- A helper renamed: their offers must be found under the new name.
CREATE OR REPLACE FUNCTION appui_users_refresh_offer_search() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.display_name IS DISTINCT FROM OLD.display_name OR NEW.username IS DISTINCT FROM OLD.username THEN
      UPDATE offers SET title = title WHERE helper_id = NEW.id;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER users_refresh_offer_search_trigger
  AFTER UPDATE OF display_name, username ON users
  FOR EACH ROW EXECUTE FUNCTION appui_users_refresh_offer_search();
--> statement-breakpoint
-- DESIGN.md section 6: the database itself makes double booking impossible. Only bookings that hold
-- time take part; a cancelled or completed booking frees nothing it should not.
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (
  helper_id WITH =,
  tstzrange(start_at, end_at) WITH &&
) WHERE (status IN ('pending_payment', 'scheduled', 'paid'));
