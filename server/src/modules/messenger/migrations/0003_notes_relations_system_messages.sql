CREATE TABLE "messenger_actor_notes" (
	"guest_id" uuid NOT NULL,
	"actor_id" integer NOT NULL,
	"comment" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messenger_actor_notes_guest_id_actor_id_pk" PRIMARY KEY("guest_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "messenger_relations" (
	"guest_id" uuid NOT NULL,
	"relation_type_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "messenger_relations_guest_id_relation_type_id_actor_id_pk" PRIMARY KEY("guest_id","relation_type_id","actor_id")
);
--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "messenger_actor_notes" ADD CONSTRAINT "messenger_actor_notes_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_actor_notes" ADD CONSTRAINT "messenger_actor_notes_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_relations" ADD CONSTRAINT "messenger_relations_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_relations" ADD CONSTRAINT "messenger_relations_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;