CREATE TABLE "chat_billing_slices" (
	"chat_id" text NOT NULL,
	"slice_index" integer NOT NULL,
	"seconds" integer NOT NULL,
	"amount" integer NOT NULL,
	"transfer_id" text,
	"billed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_billing_slices_chat_id_slice_index_pk" PRIMARY KEY("chat_id","slice_index")
);
--> statement-breakpoint
CREATE TABLE "chat_exit_surveys" (
	"chat_id" text PRIMARY KEY NOT NULL,
	"guest_id" text NOT NULL,
	"actor_id" integer NOT NULL,
	"chat_type" text NOT NULL,
	"rating" integer NOT NULL,
	"feedback" text NOT NULL,
	"current_url" text NOT NULL,
	"mobile" boolean NOT NULL,
	"is_anonymous_voicecall" boolean NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"sender_type" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"guest_id" text NOT NULL,
	"actor_id" integer NOT NULL,
	"chat_type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sequence_number" integer NOT NULL,
	"price_per_minute" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"exit_code" integer,
	"held_amount" integer DEFAULT 0 NOT NULL,
	"billed_seconds" integer DEFAULT 0 NOT NULL,
	"billed_amount" integer DEFAULT 0 NOT NULL,
	"used_toy_control" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_start_sequences" (
	"guest_id" text PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_ticket_holders" (
	"ticket_id" integer NOT NULL,
	"guest_id" text NOT NULL,
	"creation_type" text NOT NULL,
	"transfer_id" text,
	"bought_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_ticket_holders_ticket_id_guest_id_pk" PRIMARY KEY("ticket_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "chat_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"creation_type" text DEFAULT 'C' NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"post_buy_info" jsonb NOT NULL,
	"price" integer NOT NULL,
	"seats" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"platform_id" integer DEFAULT 1502 NOT NULL,
	"status" text DEFAULT 'ok' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_auto_featured" boolean DEFAULT false NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"bonus_code" text,
	"invitations_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_billing_slices" ADD CONSTRAINT "chat_billing_slices_chat_id_chat_sessions_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_exit_surveys" ADD CONSTRAINT "chat_exit_surveys_chat_id_chat_sessions_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chat_sessions_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_ticket_holders" ADD CONSTRAINT "chat_ticket_holders_ticket_id_chat_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."chat_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_tickets" ADD CONSTRAINT "chat_tickets_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_chat" ON "chat_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_one_active_per_guest" ON "chat_sessions" USING btree ("guest_id") WHERE "chat_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "chat_sessions_actor" ON "chat_sessions" USING btree ("actor_id","status");--> statement-breakpoint
CREATE INDEX "chat_sessions_status" ON "chat_sessions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "chat_ticket_holders_guest" ON "chat_ticket_holders" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "chat_tickets_actor" ON "chat_tickets" USING btree ("actor_id","starts_at");--> statement-breakpoint
CREATE INDEX "chat_tickets_start" ON "chat_tickets" USING btree ("starts_at");