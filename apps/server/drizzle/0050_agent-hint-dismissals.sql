CREATE TABLE "agent_hint_dismissals" (
	"member_id" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_hint_dismissals_member_id_agent_id_kind_pk" PRIMARY KEY("member_id","agent_id","kind")
);
--> statement-breakpoint
ALTER TABLE "agent_hint_dismissals" ADD CONSTRAINT "agent_hint_dismissals_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_hint_dismissals" ADD CONSTRAINT "agent_hint_dismissals_agent_id_agentes_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agentes"("id") ON DELETE cascade ON UPDATE no action;