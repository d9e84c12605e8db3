CREATE TABLE "seed_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"scale" double precision NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
