-- plates (issue 34 items 7 and 9): runs, plates, wells, controls, project control settings, undoable lab moves.

-- Idempotent: safe to run twice.

CREATE TABLE IF NOT EXISTS "lab_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"target" text NOT NULL,
	"scope" text NOT NULL,
	"items" jsonb NOT NULL,
	"undone_at" timestamp with time zone
);

CREATE TABLE IF NOT EXISTS "lab_plate_wells" (
	"plate_id" integer NOT NULL,
	"well" text NOT NULL,
	"kit_id" integer NOT NULL,
	"placed_by" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_plate_wells_plate_id_well_pk" PRIMARY KEY("plate_id","well")
);

CREATE TABLE IF NOT EXISTS "lab_plates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"run_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_plates_name_unique" UNIQUE("name")
);

CREATE TABLE IF NOT EXISTS "lab_run_controls" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"profile_text" text NOT NULL,
	"reads" integer,
	"distance" double precision,
	"passed" boolean NOT NULL,
	"finding" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE IF NOT EXISTS "lab_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"project_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"override_reason" text,
	"overridden_by" text,
	"overridden_at" timestamp with time zone,
	CONSTRAINT "lab_runs_name_unique" UNIQUE("name")
);

CREATE TABLE IF NOT EXISTS "project_lab_controls" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"blank_max_reads" integer NOT NULL,
	"positive_max_distance" double precision NOT NULL,
	"positive_name" text NOT NULL,
	"positive_reference" text
);

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'lab_plate_wells_plate_id_lab_plates_id_fk') THEN
    ALTER TABLE "lab_plate_wells" ADD CONSTRAINT "lab_plate_wells_plate_id_lab_plates_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."lab_plates"("id") ON DELETE cascade ON UPDATE no action;
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'lab_plate_wells_kit_id_kits_id_fk') THEN
    ALTER TABLE "lab_plate_wells" ADD CONSTRAINT "lab_plate_wells_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'lab_plates_run_id_lab_runs_id_fk') THEN
    ALTER TABLE "lab_plates" ADD CONSTRAINT "lab_plates_run_id_lab_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."lab_runs"("id") ON DELETE cascade ON UPDATE no action;
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'lab_run_controls_run_id_lab_runs_id_fk') THEN
    ALTER TABLE "lab_run_controls" ADD CONSTRAINT "lab_run_controls_run_id_lab_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."lab_runs"("id") ON DELETE cascade ON UPDATE no action;
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'lab_runs_project_id_projects_id_fk') THEN
    ALTER TABLE "lab_runs" ADD CONSTRAINT "lab_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'project_lab_controls_project_id_projects_id_fk') THEN
    ALTER TABLE "project_lab_controls" ADD CONSTRAINT "project_lab_controls_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
  END IF;
END $$;

CREATE INDEX IF NOT EXISTS "lab_moves_actor_idx" ON "lab_moves" USING btree ("actor","id");

CREATE UNIQUE INDEX IF NOT EXISTS "lab_plate_wells_kit_idx" ON "lab_plate_wells" USING btree ("kit_id");

CREATE UNIQUE INDEX IF NOT EXISTS "lab_run_controls_kind_idx" ON "lab_run_controls" USING btree ("run_id","kind");
