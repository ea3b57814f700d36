CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"due_at" text NOT NULL,
	"locked_until" text,
	"last_started_at" text,
	"last_finished_at" text,
	"last_result" text
);
