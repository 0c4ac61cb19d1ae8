DROP INDEX "offers_listing_idx";--> statement-breakpoint
DROP INDEX "offers_category_idx";--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL AND visible;--> statement-breakpoint
CREATE INDEX "offers_category_idx" ON "offers" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL AND visible;