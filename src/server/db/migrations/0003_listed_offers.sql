DROP INDEX "offers_listing_idx";--> statement-breakpoint
DROP INDEX "offers_category_idx";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Custom (STACK.md "Drizzle and extensions"): offers.listed is kept by the two triggers below.
-- An offer is listed when it is visible, not deleted, and its helper has the helper role.
CREATE OR REPLACE FUNCTION appui_offers_listed() RETURNS trigger
  LANGUAGE plpgsql AS $$
  DECLARE
    is_helper boolean;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      -- FOR SHARE: a new offer is invisible to a role change committing at the same time, so the
      -- insert waits for that change and reads the new role (or the change waits for the insert and
      -- then updates it). An UPDATE needs no lock: it holds the offer's row, which the role change's
      -- own UPDATE waits for and then recomputes. Locking there would invert the two lock orders.
      SELECT role = 'helper' INTO is_helper FROM users WHERE id = NEW.helper_id FOR SHARE;
    ELSE
      SELECT role = 'helper' INTO is_helper FROM users WHERE id = NEW.helper_id;
    END IF;
    NEW.listed := NEW.visible AND NEW.deleted_at IS NULL AND coalesce(is_helper, false);
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE TRIGGER offers_listed_trigger
  BEFORE INSERT OR UPDATE OF visible, deleted_at, helper_id, listed ON offers
  FOR EACH ROW EXECUTE FUNCTION appui_offers_listed();
--> statement-breakpoint
-- A helper who loses (or gains) the helper role takes their offers out of (or into) the lists.
CREATE OR REPLACE FUNCTION appui_users_refresh_offers_listed() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.role IS DISTINCT FROM OLD.role THEN
      -- offers_listed_trigger recomputes the value. Every offer of the helper, hidden ones too: one
      -- being shown at this very moment is seen hidden here, and only the row lock it waits for
      -- makes this statement look at it again.
      UPDATE offers SET listed = listed WHERE helper_id = NEW.id;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER users_refresh_offers_listed_trigger
  AFTER UPDATE OF role ON users
  FOR EACH ROW EXECUTE FUNCTION appui_users_refresh_offers_listed();
--> statement-breakpoint
UPDATE offers SET listed = listed WHERE visible AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE listed;--> statement-breakpoint
CREATE INDEX "offers_category_idx" ON "offers" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE listed;
