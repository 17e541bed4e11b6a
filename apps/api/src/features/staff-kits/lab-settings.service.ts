import { REQUIRABLE_LAB_STEPS, RESULTS_QC_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { projects } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../staff/index.ts';

/** A project's lab settings (issue 34 item 6): the lab steps each sample must go through before results. */

const settingsOf = (row: { id: number; name: string; requiredLabSteps: string[] }) => ({
  projectId: row.id,
  name: row.name,
  requiredLabSteps: row.requiredLabSteps,
});

export async function labSettings(ctx: AppContext, projectId: number) {
  const [row] = await ctx.db
    .select({ id: projects.id, name: projects.name, requiredLabSteps: projects.requiredLabSteps })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw notFound(RESULTS_QC_MESSAGES.projectUnknown(projectId));
  return settingsOf(row);
}

/** Sets the required steps (kept in the lab's order whatever order they came in), audited. */
export async function updateLabSettings(
  ctx: AppContext,
  principal: Principal,
  projectId: number,
  input: { requiredLabSteps: string[] },
) {
  const steps = REQUIRABLE_LAB_STEPS.filter((s) => input.requiredLabSteps.includes(s));
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ requiredLabSteps: projects.requiredLabSteps })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for('update');
    if (!before) throw notFound(RESULTS_QC_MESSAGES.projectUnknown(projectId));
    const [row] = await tx
      .update(projects)
      .set({ requiredLabSteps: steps })
      .where(eq(projects.id, projectId))
      .returning({ id: projects.id, name: projects.name, requiredLabSteps: projects.requiredLabSteps });
    await recordStaffAction(tx, principal, {
      action: 'project.lab_settings',
      entity: 'project',
      entityId: String(projectId),
      before,
      after: { requiredLabSteps: steps },
    });
    return settingsOf(row as NonNullable<typeof row>);
  });
}
