-- Texts stored before Dutch was written read on in Dutch as they did before: in English.
UPDATE "specials_daily_bonus_offers" SET "title" = "title" || jsonb_build_object('nl', "title"->'en') WHERE "title"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_daily_bonus_offers" SET "description" = "description" || jsonb_build_object('nl', "description"->'en') WHERE "description"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_contests" SET "title" = "title" || jsonb_build_object('nl', "title"->'en') WHERE "title"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_contests" SET "description" = "description" || jsonb_build_object('nl', "description"->'en') WHERE "description"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_blog_posts" SET "title" = "title" || jsonb_build_object('nl', "title"->'en') WHERE "title"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_blog_posts" SET "teaser" = "teaser" || jsonb_build_object('nl', "teaser"->'en') WHERE "teaser"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_blog_posts" SET "body" = "body" || jsonb_build_object('nl', "body"->'en') WHERE "body"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_events" SET "name" = "name" || jsonb_build_object('nl', "name"->'en') WHERE "name"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_events" SET "description" = "description" || jsonb_build_object('nl', "description"->'en') WHERE "description"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_magazine_pages" SET "title" = "title" || jsonb_build_object('nl', "title"->'en') WHERE "title"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_magazine_pages" SET "teaser" = "teaser" || jsonb_build_object('nl', "teaser"->'en') WHERE "teaser"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_magazine_pages" SET "body" = "body" || jsonb_build_object('nl', "body"->'en') WHERE "body"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_clash_challenges" SET "title" = "title" || jsonb_build_object('nl', "title"->'en') WHERE "title"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_clash_challenges" SET "sub_title" = "sub_title" || jsonb_build_object('nl', "sub_title"->'en') WHERE "sub_title"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_clash_challenges" SET "description" = "description" || jsonb_build_object('nl', "description"->'en') WHERE "description"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_calendar_events" SET "name" = "name" || jsonb_build_object('nl', "name"->'en') WHERE "name"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_activity_definitions" SET "name" = "name" || jsonb_build_object('nl', "name"->'en') WHERE "name"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_activity_definitions" SET "faq_title" = "faq_title" || jsonb_build_object('nl', "faq_title"->'en') WHERE "faq_title"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_activity_challenges" SET "name" = "name" || jsonb_build_object('nl', "name"->'en') WHERE "name"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_activity_challenges" SET "description" = "description" || jsonb_build_object('nl', "description"->'en') WHERE "description"->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_daily_bonus_offers" SET "content" = jsonb_set("content", '{title,nl}', "content"->'title'->'en') WHERE "content"->'title' IS NOT NULL AND "content"->'title'->'nl' IS NULL;
--> statement-breakpoint
UPDATE "specials_calendar_events" SET "rewards" = (
	SELECT jsonb_agg(CASE WHEN r->'info'->'nl' IS NULL THEN jsonb_set(r, '{info,nl}', r->'info'->'en') ELSE r END ORDER BY i)
	FROM jsonb_array_elements("rewards") WITH ORDINALITY AS e(r, i)
) WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("rewards") AS e(r) WHERE r->'info'->'nl' IS NULL);
