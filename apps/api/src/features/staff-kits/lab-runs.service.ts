import {
  CONTROL_NAMES,
  type ControlKind,
  DEFAULT_BLANK_MAX_READS,
  DEFAULT_POSITIVE_MAX_DISTANCE,
  DEFAULT_POSITIVE_NAME,
  isSampleAtLab,
  LAB_RUN_MESSAGES,
  nextFreeWell,
  normaliseWell,
  PLATE_SIZE,
  PLATE_WELLS,
  profileQc,
  RESULTS_QC_MESSAGES,
  type RunDetail,
  type RunState,
  runHolds,
  runState,
} from '@portal/domain';
import { brayCurtis, parseMetaphlanProfile } from '@portal/domain/report';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  kits,
  labPlates,
  labPlateWells,
  labRunControls,
  labRuns,
  projectLabControls,
  projects,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../staff/index.ts';
import { staffRowQuery, toStaffRow } from './kit-search.service.ts';
import { kitByCode } from './kit-steps.service.ts';

/**
 * Runs, plates and controls (issue 34 item 7; decision 054). A run is named by
 * the sequencer's run id and belongs to a project, whose control settings judge its controls. Plates
 * belong to a run; a scanned tube goes into a well (the first empty one, or the one named). Each
 * control's profile is checked when uploaded: the blank must be near-empty (at most the project's
 * reads), the positive control within the project's Bray–Curtis distance of its reference. Until both
 * are uploaded and passed (or a LAB member overrides a failure with a reason) the run holds its samples.
 */

// ---- Control settings ----------------------------------------------------------------------------

export type ControlSettings = {
  projectId: number;
  blankMaxReads: number;
  positiveMaxDistance: number;
  positiveName: string;
  positiveReference: string | null;
};

export async function controlSettingsOf(db: DbOrTx, projectId: number): Promise<ControlSettings> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound(RESULTS_QC_MESSAGES.projectUnknown(projectId));
  const [row] = await db.select().from(projectLabControls).where(eq(projectLabControls.projectId, projectId));
  return (
    row ?? {
      projectId,
      blankMaxReads: DEFAULT_BLANK_MAX_READS,
      positiveMaxDistance: DEFAULT_POSITIVE_MAX_DISTANCE,
      positiveName: DEFAULT_POSITIVE_NAME,
      positiveReference: null,
    }
  );
}

const settingsView = (s: ControlSettings) => ({
  projectId: s.projectId,
  blankMaxReads: s.blankMaxReads,
  positiveMaxDistance: s.positiveMaxDistance,
  positiveName: s.positiveName,
  hasReference: s.positiveReference !== null,
});

export const controlSettings = async (ctx: AppContext, projectId: number) =>
  settingsView(await controlSettingsOf(ctx.db, projectId));

/** The problem of a profile that cannot be read, or null. */
function profileProblem(text: string): string | null {
  try {
    parseMetaphlanProfile(text);
    return null;
  } catch (error) {
    if (error instanceof Error && error.name === 'ProfileError') return error.message;
    throw error;
  }
}

export async function updateControlSettings(
  ctx: AppContext,
  principal: Principal,
  projectId: number,
  input: {
    blankMaxReads: number;
    positiveMaxDistance: number;
    positiveName: string;
    positiveReference?: string | null | undefined;
  },
) {
  if (input.positiveReference) {
    const problem = profileProblem(input.positiveReference);
    if (problem) throw invalid(LAB_RUN_MESSAGES.badReference(problem));
  }
  return ctx.db.transaction(async (tx) => {
    const before = await controlSettingsOf(tx, projectId);
    const next: ControlSettings = {
      projectId,
      blankMaxReads: input.blankMaxReads,
      positiveMaxDistance: input.positiveMaxDistance,
      positiveName: input.positiveName,
      positiveReference:
        input.positiveReference === undefined ? before.positiveReference : input.positiveReference,
    };
    await tx
      .insert(projectLabControls)
      .values(next)
      .onConflictDoUpdate({ target: projectLabControls.projectId, set: next });
    await recordStaffAction(tx, principal, {
      action: 'project.control_settings',
      entity: 'project',
      entityId: String(projectId),
      before: settingsView(before),
      after: settingsView(next),
    });
    return settingsView(next);
  });
}

// ---- Control checks ------------------------------------------------------------------------------

type Check = { reads: number | null; distance: number | null; passed: boolean; finding: string };

/** The species' shares of a profile, rescaled to a total of 1 (UNKNOWN and higher ranks left out). */
function speciesShares(text: string): Record<string, number> {
  const species = parseMetaphlanProfile(text).taxa.filter((t) => t.rank === 's');
  const total = species.reduce((sum, t) => sum + t.abundance, 0);
  return total > 0 ? Object.fromEntries(species.map((t) => [t.lineage, t.abundance / total])) : {};
}

/** The classified clade rows of a profile (not headers, not UNKNOWN or UNCLASSIFIED). */
const cladeRows = (text: string) =>
  text.split('\n').filter((l) => /^k__/.test(l.replace(/\r$/, '').split('\t')[0] ?? '')).length;

/**
 * The blank: near-empty when MetaPhlAn says it processed at most the project's reads, or, when the file
 * does not say, when it classified nothing at all. A file with taxa must be a readable profile.
 */
export function checkBlank(text: string, settings: ControlSettings): Check {
  const taxa = cladeRows(text);
  if (taxa > 0) {
    const problem = profileProblem(text);
    if (problem) throw invalid(LAB_RUN_MESSAGES.badProfile('BLANK', problem));
  } else if (!text.split('\n').some((l) => l.startsWith('#')))
    throw invalid(LAB_RUN_MESSAGES.badProfile('BLANK', 'it has neither a MetaPhlAn header nor taxa rows.'));
  const { reads } = profileQc(text);
  const max = settings.blankMaxReads;
  if (reads !== null)
    return reads <= max
      ? { reads, distance: null, passed: true, finding: LAB_RUN_MESSAGES.blankPassed(reads, max) }
      : { reads, distance: null, passed: false, finding: LAB_RUN_MESSAGES.blankTooManyReads(reads, max) };
  return taxa === 0
    ? { reads, distance: null, passed: true, finding: LAB_RUN_MESSAGES.blankPassed(null, max) }
    : { reads, distance: null, passed: false, finding: LAB_RUN_MESSAGES.blankUnjudged(taxa) };
}

/** The positive control: its species within the project's Bray–Curtis distance of the reference. */
export function checkPositive(text: string, settings: ControlSettings): Check {
  const problem = profileProblem(text);
  if (problem) throw invalid(LAB_RUN_MESSAGES.badProfile('POSITIVE', problem));
  const { reads } = profileQc(text);
  const name = settings.positiveName;
  if (!settings.positiveReference)
    return { reads, distance: null, passed: false, finding: LAB_RUN_MESSAGES.noReference(name) };
  const distance = brayCurtis(speciesShares(text), speciesShares(settings.positiveReference));
  const max = settings.positiveMaxDistance;
  return distance <= max
    ? { reads, distance, passed: true, finding: LAB_RUN_MESSAGES.positivePassed(distance, max, name) }
    : { reads, distance, passed: false, finding: LAB_RUN_MESSAGES.positiveFar(distance, max, name) };
}

// ---- Runs ----------------------------------------------------------------------------------------

const nameOf = sql<
  string | null
>`(select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') from ${users} u where u.id::text = ${labRunControls.uploadedBy})`;

type RunRow = typeof labRuns.$inferSelect;

async function runRow(db: DbOrTx, runId: number, lock = false): Promise<RunRow> {
  const query = db.select().from(labRuns).where(eq(labRuns.id, runId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(LAB_RUN_MESSAGES.runUnknown(runId));
  return row;
}

/** Each run's state, from its controls and override. */
async function statesOf(db: DbOrTx, runs: RunRow[]): Promise<Map<number, RunState>> {
  if (runs.length === 0) return new Map();
  const controls = await db
    .select({ runId: labRunControls.runId, kind: labRunControls.kind, passed: labRunControls.passed })
    .from(labRunControls)
    .where(
      inArray(
        labRunControls.runId,
        runs.map((r) => r.id),
      ),
    );
  return new Map(
    runs.map((r) => [
      r.id,
      runState(
        controls.filter((c) => c.runId === r.id),
        r.overrideReason !== null,
      ),
    ]),
  );
}

export async function createRun(
  ctx: AppContext,
  principal: Principal,
  input: { name: string; projectId: number },
) {
  return ctx.db.transaction(async (tx) => {
    await controlSettingsOf(tx, input.projectId);
    const [row] = await tx
      .insert(labRuns)
      .values({ name: input.name, projectId: input.projectId, createdBy: principal.userId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(LAB_RUN_MESSAGES.runNameTaken(input.name));
    await recordStaffAction(tx, principal, {
      action: 'lab.run.create',
      entity: 'run',
      entityId: String(row.id),
      after: { name: row.name, projectId: row.projectId },
    });
    return runDetail({ ...ctx, db: tx }, row.id);
  });
}

const RUNS_SHOWN = 100;

export async function listRuns(ctx: AppContext) {
  const rows = await ctx.db.select().from(labRuns).orderBy(desc(labRuns.id)).limit(RUNS_SHOWN);
  const states = await statesOf(ctx.db, rows);
  const ids = rows.map((r) => r.id);
  const counts =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            runId: labPlates.runId,
            plates: sql<number>`count(distinct ${labPlates.id})::int`,
            tubes: sql<number>`count(${labPlateWells.kitId})::int`,
          })
          .from(labPlates)
          .leftJoin(labPlateWells, eq(labPlateWells.plateId, labPlates.id))
          .where(inArray(labPlates.runId, ids))
          .groupBy(labPlates.runId);
  const names = await projectNames(ctx.db, [...new Set(rows.map((r) => r.projectId))]);
  return {
    runs: rows.map((r) => {
      const c = counts.find((x) => x.runId === r.id);
      return {
        id: r.id,
        name: r.name,
        project: { id: r.projectId, name: names.get(r.projectId) ?? '' },
        state: states.get(r.id) ?? 'PENDING',
        plates: c?.plates ?? 0,
        tubes: c?.tubes ?? 0,
        createdAt: r.createdAt.toISOString(),
      };
    }),
  };
}

async function projectNames(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The plates of runs with their wells' kits and controls, in fill order. */
async function platesOf(db: DbOrTx, where: { runId?: number; plateId?: number }) {
  const plates = await db
    .select({ id: labPlates.id, name: labPlates.name, runId: labPlates.runId, runName: labRuns.name })
    .from(labPlates)
    .innerJoin(labRuns, eq(labRuns.id, labPlates.runId))
    .where(
      where.plateId !== undefined ? eq(labPlates.id, where.plateId) : eq(labPlates.runId, where.runId ?? 0),
    )
    .orderBy(asc(labPlates.id));
  if (plates.length === 0) return [];
  const wells = await db
    .select({
      plateId: labPlateWells.plateId,
      well: labPlateWells.well,
      kitId: labPlateWells.kitId,
      control: labPlateWells.control,
    })
    .from(labPlateWells)
    .where(
      inArray(
        labPlateWells.plateId,
        plates.map((p) => p.id),
      ),
    );
  const kitIds = wells.flatMap((w) => (w.kitId === null ? [] : [w.kitId]));
  const kitRows = kitIds.length === 0 ? [] : await staffRowQuery(db).where(inArray(kits.id, kitIds));
  const kitById = new Map(kitRows.map((k) => [k.id, k]));
  const order = (well: string) => PLATE_WELLS.indexOf(well);
  return plates.map((p) => {
    const own = wells.filter((w) => w.plateId === p.id).sort((a, b) => order(a.well) - order(b.well));
    return {
      ...p,
      wells: own.flatMap((w) => {
        const kit = w.kitId === null ? undefined : kitById.get(w.kitId);
        return kit ? [{ well: w.well, kit: toStaffRow(kit), record: kit }] : [];
      }),
      controls: own.flatMap((w) =>
        w.control === null ? [] : [{ well: w.well, kind: w.control as ControlKind }],
      ),
    };
  });
}

const plateView = (p: Awaited<ReturnType<typeof platesOf>>[number]) => ({
  id: p.id,
  name: p.name,
  runId: p.runId,
  runName: p.runName,
  wells: p.wells.map((w) => ({ well: w.well, kit: w.kit })),
  controls: p.controls,
});

export async function runDetail(ctx: AppContext, runId: number): Promise<RunDetail> {
  const run = await runRow(ctx.db, runId);
  const [plates, controls, settings, names, states] = await Promise.all([
    platesOf(ctx.db, { runId }),
    ctx.db
      .select({
        kind: labRunControls.kind,
        fileName: labRunControls.fileName,
        reads: labRunControls.reads,
        distance: labRunControls.distance,
        passed: labRunControls.passed,
        finding: labRunControls.finding,
        uploadedBy: nameOf,
        uploadedAt: labRunControls.uploadedAt,
      })
      .from(labRunControls)
      .where(eq(labRunControls.runId, runId))
      .orderBy(asc(labRunControls.kind)),
    controlSettingsOf(ctx.db, run.projectId),
    projectNames(ctx.db, [run.projectId]),
    statesOf(ctx.db, [run]),
  ]);
  const overrider = run.overriddenBy
    ? (
        await ctx.db
          .select({ first: users.firstName, last: users.lastName })
          .from(users)
          .where(sql`${users.id}::text = ${run.overriddenBy}`)
      )[0]
    : undefined;
  return {
    id: run.id,
    name: run.name,
    project: { id: run.projectId, name: names.get(run.projectId) ?? '' },
    state: states.get(run.id) ?? 'PENDING',
    plates: plates.length,
    tubes: plates.reduce((n, p) => n + p.wells.length, 0),
    createdAt: run.createdAt.toISOString(),
    plateMaps: plates.map(plateView),
    controls: controls.map((c) => ({
      ...c,
      kind: c.kind as ControlKind,
      uploadedAt: c.uploadedAt.toISOString(),
    })),
    override:
      run.overrideReason && run.overriddenAt
        ? {
            reason: run.overrideReason,
            by: overrider ? `${overrider.first ?? ''} ${overrider.last ?? ''}`.trim() : null,
            at: run.overriddenAt.toISOString(),
          }
        : null,
    settings: settingsView(settings),
  };
}

/**
 * Uploads and checks a control (a re-upload is the re-check, and clears an override: the run is judged
 * on the new evidence). Audited with what the check found.
 */
export async function uploadControl(
  ctx: AppContext,
  principal: Principal,
  runId: number,
  input: { kind: ControlKind; fileName: string; text: string },
) {
  return ctx.db.transaction(async (tx) => {
    const run = await runRow(tx, runId, true);
    const settings = await controlSettingsOf(tx, run.projectId);
    const check =
      input.kind === 'BLANK' ? checkBlank(input.text, settings) : checkPositive(input.text, settings);
    const before = (await statesOf(tx, [run])).get(run.id);
    const values = {
      runId,
      kind: input.kind,
      fileName: input.fileName,
      profileText: input.text,
      ...check,
      uploadedBy: principal.userId,
      uploadedAt: new Date(),
    };
    await tx
      .insert(labRunControls)
      .values(values)
      .onConflictDoUpdate({ target: [labRunControls.runId, labRunControls.kind], set: values });
    await tx
      .update(labRuns)
      .set({ overrideReason: null, overriddenBy: null, overriddenAt: null })
      .where(eq(labRuns.id, runId));
    const detail = await runDetail({ ...ctx, db: tx }, runId);
    await recordStaffAction(tx, principal, {
      action: 'lab.run.control',
      entity: 'run',
      entityId: String(runId),
      before: { state: before },
      after: { kind: input.kind, file: input.fileName, ...check, state: detail.state },
    });
    return detail;
  });
}

/** A LAB member releases a run held by a failed control, with the reason (audited). */
export async function overrideRun(ctx: AppContext, principal: Principal, runId: number, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const run = await runRow(tx, runId, true);
    const state = (await statesOf(tx, [run])).get(run.id);
    if (state !== 'FAILED') throw conflict(LAB_RUN_MESSAGES.notFailed(run.name));
    await tx
      .update(labRuns)
      .set({ overrideReason: reason, overriddenBy: principal.userId, overriddenAt: new Date() })
      .where(eq(labRuns.id, runId));
    await recordStaffAction(tx, principal, {
      action: 'lab.run.override',
      entity: 'run',
      entityId: String(runId),
      before: { state },
      after: { state: 'OVERRIDDEN', reason },
    });
    return runDetail({ ...ctx, db: tx }, runId);
  });
}

/** The samples among these whose run holds them, each with the refusal a person reads. */
export async function heldByRun(db: DbOrTx, samples: string[]): Promise<Map<string, string>> {
  if (samples.length === 0) return new Map();
  const rows = await db
    .select({ sample: kits.sampleIdentifier, run: labRuns })
    .from(kits)
    .innerJoin(labPlateWells, eq(labPlateWells.kitId, kits.id))
    .innerJoin(labPlates, eq(labPlates.id, labPlateWells.plateId))
    .innerJoin(labRuns, eq(labRuns.id, labPlates.runId))
    .where(inArray(kits.sampleIdentifier, samples));
  const states = await statesOf(
    db,
    rows.map((r) => r.run),
  );
  const held = new Map<string, string>();
  for (const { sample, run } of rows) {
    const state = states.get(run.id) ?? 'PENDING';
    if (runHolds(state)) held.set(sample, LAB_RUN_MESSAGES.runHeld(sample, run.name, state));
  }
  return held;
}

// ---- Plates --------------------------------------------------------------------------------------

export async function createPlate(
  ctx: AppContext,
  principal: Principal,
  runId: number,
  input: { name: string },
) {
  return ctx.db.transaction(async (tx) => {
    await runRow(tx, runId);
    const [row] = await tx
      .insert(labPlates)
      .values({ name: input.name, runId, createdBy: principal.userId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(LAB_RUN_MESSAGES.plateNameTaken(input.name));
    await recordStaffAction(tx, principal, {
      action: 'lab.plate.create',
      entity: 'plate',
      entityId: String(row.id),
      after: { name: row.name, runId },
    });
    return plateOf({ ...ctx, db: tx }, row.id);
  });
}

export async function plateOf(ctx: AppContext, plateId: number) {
  const [plate] = await platesOf(ctx.db, { plateId });
  if (!plate) throw notFound(LAB_RUN_MESSAGES.plateUnknown(String(plateId)));
  return plateView(plate);
}

/** A plate by its barcode (a plate scanned at the lab-steps bench adds its tubes). */
export async function plateByName(ctx: AppContext, name: string) {
  const [row] = await ctx.db
    .select({ id: labPlates.id })
    .from(labPlates)
    .where(eq(sql`upper(${labPlates.name})`, name.trim().toUpperCase()));
  if (!row) throw notFound(LAB_RUN_MESSAGES.plateUnknown(name.trim()));
  return plateOf(ctx, row.id);
}

/** What a well holds, in words: "KIT-12" or "the extraction blank". */
const holderName = (w: { kitId: number | null; control: string | null }) =>
  w.kitId !== null ? `KIT-${w.kitId}` : `the ${CONTROL_NAMES[w.control as ControlKind]}`;

/** The plate, locked while its wells change (each placement reads the wells it may take). */
async function lockedPlate(tx: DbOrTx, plateId: number) {
  const [plate] = await tx.select().from(labPlates).where(eq(labPlates.id, plateId)).for('update');
  if (!plate) throw notFound(LAB_RUN_MESSAGES.plateUnknown(String(plateId)));
  return plate;
}

/** A control placed in or taken out of a well, in the staff audit log under its plate. */
const auditControl = (
  tx: DbOrTx,
  principal: Principal,
  action: 'lab.plate.control.place' | 'lab.plate.control.remove',
  plate: { id: number; name: string },
  well: string,
  kind: ControlKind,
) => {
  const state = { plate: plate.name, well, control: kind };
  return recordStaffAction(tx, principal, {
    action,
    entity: 'plate',
    entityId: String(plate.id),
    ...(action === 'lab.plate.control.place' ? { after: state } : { before: state }),
  });
};

/**
 * A scanned tube into a well of the plate: the named well, or the first empty one in fill order. One
 * kit per well, a kit in one well at a time, 96 wells, and only samples at the lab. Audited.
 */
export async function placeTube(
  ctx: AppContext,
  principal: Principal,
  plateId: number,
  input: { code: string; well?: string | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const plate = await lockedPlate(tx, plateId);
    const kit = await kitByCode(tx, input.code);
    if (!kit)
      throw notFound(
        `No kit or sample matches "${input.code.trim()}". Check the label and scan again. Nothing was placed.`,
      );
    const label = `KIT-${kit.id}`;
    if (!isSampleAtLab(kit.sampleStatus)) throw conflict(LAB_RUN_MESSAGES.notAtLab(label, kit.sampleStatus));
    const [placed] = await tx
      .select({ well: labPlateWells.well, plate: labPlates.name })
      .from(labPlateWells)
      .innerJoin(labPlates, eq(labPlates.id, labPlateWells.plateId))
      .where(eq(labPlateWells.kitId, kit.id));
    if (placed) throw conflict(LAB_RUN_MESSAGES.alreadyPlaced(label, placed.plate, placed.well));
    const taken = await tx
      .select({ well: labPlateWells.well, kitId: labPlateWells.kitId, control: labPlateWells.control })
      .from(labPlateWells)
      .where(eq(labPlateWells.plateId, plateId));
    let well: string | null;
    if (input.well) {
      well = normaliseWell(input.well);
      if (!well)
        throw invalid(LAB_RUN_MESSAGES.badWell(input.well.trim()), {
          well: LAB_RUN_MESSAGES.badWell(input.well.trim()),
        });
      const holder = taken.find((t) => t.well === well);
      if (holder) throw conflict(LAB_RUN_MESSAGES.wellTaken(plate.name, well, holderName(holder)));
    } else {
      if (taken.length >= PLATE_SIZE) throw conflict(LAB_RUN_MESSAGES.plateFull(plate.name));
      well = nextFreeWell(taken.map((t) => t.well));
      if (!well) throw conflict(LAB_RUN_MESSAGES.plateFull(plate.name));
    }
    await tx.insert(labPlateWells).values({ plateId, well, kitId: kit.id, placedBy: principal.userId });
    await recordStaffAction(tx, principal, {
      action: 'lab.plate.place',
      entity: 'kit',
      entityId: String(kit.id),
      subjectId: kit.ownerId,
      after: { plate: plate.name, well },
    });
    return { well, kit: toStaffRow(kit), message: LAB_RUN_MESSAGES.placed(label, plate.name, well) };
  });
}

/** Empties a well (a tube or a control put in the wrong one), audited. */
export async function emptyWell(ctx: AppContext, principal: Principal, plateId: number, rawWell: string) {
  const well = normaliseWell(rawWell);
  if (!well) throw invalid(LAB_RUN_MESSAGES.badWell(rawWell));
  return ctx.db.transaction(async (tx) => {
    const plate = await lockedPlate(tx, plateId);
    const [removed] = await tx
      .delete(labPlateWells)
      .where(and(eq(labPlateWells.plateId, plateId), eq(labPlateWells.well, well)))
      .returning({ kitId: labPlateWells.kitId, control: labPlateWells.control });
    if (!removed) throw conflict(LAB_RUN_MESSAGES.wellEmpty(plate.name, well));
    if (removed.kitId === null)
      await auditControl(
        tx,
        principal,
        'lab.plate.control.remove',
        plate,
        well,
        removed.control as ControlKind,
      );
    else
      await recordStaffAction(tx, principal, {
        action: 'lab.plate.empty',
        entity: 'kit',
        entityId: String(removed.kitId),
        before: { plate: plate.name, well },
      });
    return plateOf({ ...ctx, db: tx }, plateId);
  });
}

/**
 * A control (an extraction blank or a positive control) into a chosen free well of the plate, so the
 * map records where it sat through extraction and sequencing. A plate may hold more than one of a kind
 * (a blank per extraction batch). Audited.
 */
export async function placeControl(
  ctx: AppContext,
  principal: Principal,
  plateId: number,
  input: { kind: ControlKind; well: string },
) {
  const well = normaliseWell(input.well);
  if (!well)
    throw invalid(LAB_RUN_MESSAGES.badWell(input.well.trim()), {
      well: LAB_RUN_MESSAGES.badWell(input.well.trim()),
    });
  return ctx.db.transaction(async (tx) => {
    const plate = await lockedPlate(tx, plateId);
    const [holder] = await tx
      .select({ kitId: labPlateWells.kitId, control: labPlateWells.control })
      .from(labPlateWells)
      .where(and(eq(labPlateWells.plateId, plateId), eq(labPlateWells.well, well)));
    if (holder) throw conflict(LAB_RUN_MESSAGES.wellTaken(plate.name, well, holderName(holder)));
    await tx.insert(labPlateWells).values({ plateId, well, control: input.kind, placedBy: principal.userId });
    await auditControl(tx, principal, 'lab.plate.control.place', plate, well, input.kind);
    return {
      plate: await plateOf({ ...ctx, db: tx }, plateId),
      message: LAB_RUN_MESSAGES.controlPlaced(input.kind, plate.name, well),
    };
  });
}

/** Takes a control out of its well (audited); a well holding a kit's tube is refused, unchanged. */
export async function removeControl(ctx: AppContext, principal: Principal, plateId: number, rawWell: string) {
  const well = normaliseWell(rawWell);
  if (!well) throw invalid(LAB_RUN_MESSAGES.badWellToEmpty(rawWell.trim()));
  return ctx.db.transaction(async (tx) => {
    const plate = await lockedPlate(tx, plateId);
    const [holder] = await tx
      .select({ kitId: labPlateWells.kitId, control: labPlateWells.control })
      .from(labPlateWells)
      .where(and(eq(labPlateWells.plateId, plateId), eq(labPlateWells.well, well)));
    if (!holder) throw conflict(LAB_RUN_MESSAGES.noControlThere(plate.name, well));
    if (holder.kitId !== null)
      throw conflict(LAB_RUN_MESSAGES.notAControl(plate.name, well, holderName(holder)));
    const kind = holder.control as ControlKind;
    await tx
      .delete(labPlateWells)
      .where(and(eq(labPlateWells.plateId, plateId), eq(labPlateWells.well, well)));
    await auditControl(tx, principal, 'lab.plate.control.remove', plate, well, kind);
    return {
      plate: await plateOf({ ...ctx, db: tx }, plateId),
      message: LAB_RUN_MESSAGES.controlRemoved(kind, plate.name, well),
    };
  });
}

/** The kits (their records, for a move) on a plate or on every plate of a run, in fill order. */
export async function tubesOf(db: DbOrTx, where: { runId?: number; plateId?: number }) {
  if (where.runId !== undefined) await runRow(db, where.runId);
  const plates = await platesOf(db, where);
  if (where.plateId !== undefined && plates.length === 0)
    throw notFound(LAB_RUN_MESSAGES.plateUnknown(String(where.plateId)));
  return { plates, tubes: plates.flatMap((p) => p.wells.map((w) => w.record)) };
}
