ALTER TABLE "payments" ADD COLUMN "receipt_offer_title" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_helper_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_seeker_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_session_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "request_number" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_request_number_unique" ON "payouts" USING btree ("helper_id","currency","request_number") WHERE "payouts"."request_number" IS NOT NULL;--> statement-breakpoint
-- The payments already paid get their receipt from today's data: the best record there is of them.
UPDATE "payments" SET
  "receipt_offer_title" = coalesce("offers"."title", ''),
  "receipt_helper_name" = coalesce("helper"."display_name", "helper"."username", ''),
  "receipt_seeker_name" = coalesce("seeker"."display_name", "seeker"."username", ''),
  "receipt_session_start_at" = "bookings"."start_at"
FROM "bookings"
  LEFT JOIN "offers" ON "offers"."id" = "bookings"."offer_id"
  LEFT JOIN "users" "helper" ON "helper"."id" = "bookings"."helper_id"
  LEFT JOIN "users" "seeker" ON "seeker"."id" = "bookings"."user_id"
WHERE "bookings"."id" = "payments"."booking_id" AND "payments"."paid_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_snapshot_check" CHECK ("payments"."paid_at" IS NULL OR ("payments"."receipt_offer_title" IS NOT NULL AND "payments"."receipt_helper_name" IS NOT NULL AND "payments"."receipt_seeker_name" IS NOT NULL AND "payments"."receipt_session_start_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_request_number_check" CHECK ("payouts"."request_number" IS NULL OR "payouts"."request_number" > 0);