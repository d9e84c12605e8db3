CREATE TABLE "specials_daily_bonus_models" (
	"date" date NOT NULL,
	"actor_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "specials_daily_bonus_models_date_actor_id_pk" PRIMARY KEY("date","actor_id")
);
--> statement-breakpoint
ALTER TABLE "specials_daily_bonus_models" ADD CONSTRAINT "specials_daily_bonus_models_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;
