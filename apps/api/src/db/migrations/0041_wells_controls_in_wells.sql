ALTER TABLE "lab_plate_wells" ALTER COLUMN "kit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_plate_wells" ADD COLUMN "control" text;--> statement-breakpoint
ALTER TABLE "lab_plate_wells" ADD CONSTRAINT "lab_plate_wells_kit_or_control" CHECK (("lab_plate_wells"."kit_id" is null) <> ("lab_plate_wells"."control" is null));--> statement-breakpoint
ALTER TABLE "lab_plate_wells" ADD CONSTRAINT "lab_plate_wells_control_kind" CHECK ("lab_plate_wells"."control" is null or "lab_plate_wells"."control" in ('BLANK', 'POSITIVE'));