ALTER TABLE "bookings" DROP CONSTRAINT "bookings_offer_id_offers_id_fk";
--> statement-breakpoint
-- Moved by hand before the foreign key that needs it (drizzle-kit wrote it after).
ALTER TABLE "offers" ADD CONSTRAINT "offers_id_helper_key" UNIQUE("id","helper_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_offer_helper_fk" FOREIGN KEY ("offer_id","helper_id") REFERENCES "public"."offers"("id","helper_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" IN ('helpee','helper','admin'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_token_version_check" CHECK ("users"."token_version" >= 0);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_category_check" CHECK ("offers"."category" IN ('developpement-personnel','carriere','sante-mentale','relations','etudes','entrepreneuriat','creativite'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_currency_check" CHECK ("offers"."currency" IN ('eur','usd'));--> statement-breakpoint
ALTER TABLE "pricing_options" ADD CONSTRAINT "pricing_options_duration_check" CHECK ("pricing_options"."duration_minutes" > 0);--> statement-breakpoint
ALTER TABLE "pricing_options" ADD CONSTRAINT "pricing_options_price_check" CHECK ("pricing_options"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "pricing_options" ADD CONSTRAINT "pricing_options_position_check" CHECK ("pricing_options"."position" >= 0);--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_provider_check" CHECK ("payout_accounts"."provider" IN ('stripe','local'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" IN ('pending_payment','scheduled','paid','completed','cancelled'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_currency_check" CHECK ("bookings"."currency" IN ('eur','usd'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_status_check" CHECK ("bookings"."refund_status" IN ('none','pending','refunded','failed'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_check" CHECK ("bookings"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_commission_check" CHECK ("bookings"."commission_cents" >= 0 AND "bookings"."commission_cents" <= "bookings"."price_cents");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_cents_check" CHECK ("bookings"."refund_cents" >= 0 AND "bookings"."refund_cents" <= "bookings"."price_cents");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_check" CHECK ("bookings"."cancelled_by" IN ("bookings"."user_id", "bookings"."helper_id"));