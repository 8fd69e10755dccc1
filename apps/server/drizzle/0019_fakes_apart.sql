DROP TABLE "payments_standin_meter_events" CASCADE;--> statement-breakpoint
DROP TABLE "payments_standin_objects" CASCADE;