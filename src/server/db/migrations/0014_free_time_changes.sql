-- Custom (STACK.md "Drizzle and extensions"), issue 11 section 3: every write that can change a
-- helper's free windows announces it on the realtime bus, naming the helper, so each process drops
-- that helper's short-lived free-window answers at once (slots.service.ts). Triggers rather than a
-- call in each service: the slots, the bookings holding time (made, paid, cancelled, a payment hold
-- taken or lapsing) and the helper's account state are written by many modules (slots, bookings,
-- payments and their sweeps, admin, erasure, scripts), and every one of them is covered.
-- Row-level, so the payload can name the helper (`helper_column` is the trigger's argument): PostgreSQL
-- sends identical notifications of one transaction once, at commit, and never for a rolled-back write,
-- so a bulk insert of one helper's slots sends one. TRUNCATE has no rows: it names nobody, and every
-- process drops all its answers.
CREATE OR REPLACE FUNCTION appui_announce_free_time_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
  DECLARE
    before_id text;
    after_id text;
  BEGIN
    IF TG_LEVEL = 'STATEMENT' THEN
      PERFORM pg_notify('appui_events', '{"type":"free_time.changed","helper_id":null,"user_ids":[]}');
      RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      before_id := to_jsonb(OLD) ->> TG_ARGV[0];
      PERFORM pg_notify('appui_events', json_build_object('type', 'free_time.changed', 'helper_id', before_id, 'user_ids', json_build_array())::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      after_id := to_jsonb(NEW) ->> TG_ARGV[0];
      IF after_id IS DISTINCT FROM before_id THEN
        PERFORM pg_notify('appui_events', json_build_object('type', 'free_time.changed', 'helper_id', after_id, 'user_ids', json_build_array())::text);
      END IF;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
-- Only the columns the free windows read (slots.repository.ts loadCalendar): notes and meeting links
-- change no window.
CREATE TRIGGER slots_free_time_written
  AFTER INSERT OR DELETE ON slots
  FOR EACH ROW EXECUTE FUNCTION appui_announce_free_time_change('helper_id');
--> statement-breakpoint
CREATE TRIGGER slots_free_time_updated
  AFTER UPDATE OF helper_id, offer_id, start_at, end_at, is_available ON slots
  FOR EACH ROW
  WHEN (OLD.helper_id IS DISTINCT FROM NEW.helper_id OR OLD.offer_id IS DISTINCT FROM NEW.offer_id
    OR OLD.start_at IS DISTINCT FROM NEW.start_at OR OLD.end_at IS DISTINCT FROM NEW.end_at
    OR OLD.is_available IS DISTINCT FROM NEW.is_available)
  EXECUTE FUNCTION appui_announce_free_time_change('helper_id');
--> statement-breakpoint
CREATE TRIGGER slots_free_time_truncated
  AFTER TRUNCATE ON slots
  FOR EACH STATEMENT EXECUTE FUNCTION appui_announce_free_time_change();
--> statement-breakpoint
-- Bookings: a new one (a payment hold included), one deleted, and the status and period changes
-- (paid, cancelled, a lapsed hold, a hold's expiry moved); reminders, refunds and links change no window.
CREATE TRIGGER bookings_free_time_written
  AFTER INSERT OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION appui_announce_free_time_change('helper_id');
--> statement-breakpoint
CREATE TRIGGER bookings_free_time_updated
  AFTER UPDATE OF helper_id, status, start_at, end_at, hold_expires_at ON bookings
  FOR EACH ROW
  WHEN (OLD.helper_id IS DISTINCT FROM NEW.helper_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.start_at IS DISTINCT FROM NEW.start_at OR OLD.end_at IS DISTINCT FROM NEW.end_at
    OR OLD.hold_expires_at IS DISTINCT FROM NEW.hold_expires_at)
  EXECUTE FUNCTION appui_announce_free_time_change('helper_id');
--> statement-breakpoint
CREATE TRIGGER bookings_free_time_truncated
  AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION appui_announce_free_time_change();
--> statement-breakpoint
-- The helper's account state (lib/account-state.ts: suspended or erased shows no free time).
CREATE TRIGGER users_free_time_updated
  AFTER UPDATE OF suspended_at, erased_at ON users
  FOR EACH ROW
  WHEN (OLD.suspended_at IS DISTINCT FROM NEW.suspended_at OR OLD.erased_at IS DISTINCT FROM NEW.erased_at)
  EXECUTE FUNCTION appui_announce_free_time_change('id');
--> statement-breakpoint
CREATE TRIGGER users_free_time_deleted
  AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION appui_announce_free_time_change('id');
