import { isNotActivated, type Kit, listedSurveyTypes } from '@portal/domain';

/** Research §2: only kits past UNASSIGNED and ASSIGNED have questionnaires to list. */
export const listedKits = (kits: Kit[]) => kits.filter((kit) => !isNotActivated(kit));

/** A project has questionnaires when it enables one, or answers them on the infant site. */
export const hasSurveysEnabled = (kit: Kit) =>
  kit.surveyResultId !== null || listedSurveyTypes(kit, { underAge: false }).length > 0;

export type ProjectKits = { id: number; name: string; kits: Kit[] };

/** Research §2: one block per project with questionnaires, in the order the kits arrive. */
export function kitsByProject(kits: Kit[]): ProjectKits[] {
  const projects = new Map<number, ProjectKits>();
  for (const kit of listedKits(kits).filter(hasSurveysEnabled)) {
    const project = projects.get(kit.project.id) ?? { id: kit.project.id, name: kit.project.name, kits: [] };
    project.kits.push(kit);
    projects.set(project.id, project);
  }
  return [...projects.values()];
}
