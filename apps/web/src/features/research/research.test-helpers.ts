import type { Kit, PublicConfig } from '@portal/domain';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { ResearchProject, ResearchVoucher } from '../../lib/research-api.ts';
import { makeKit } from '../../test/kits.tsx';
import { completeProfile } from '../../test/render.tsx';

export { makeKit, stubApi } from '../../test/kits.tsx';

export const researchConfig: Partial<PublicConfig> = { appType: 'RESEARCH' };

/** A participant whose profile is complete, so the research restriction lets them past /profile. */
export const participant: Partial<CurrentUser> = {
  ...completeProfile,
  userType: 'RESEARCH',
  gender: 'FEMALE',
};

const SURVEY_FLAGS = {
  exerciseSurveyEnabled: true,
  foodSurveyEnabled: true,
  medicalSurveyEnabled: true,
  mentalSurveyEnabled: true,
  samplingSurveyEnabled: true,
  infantDemographicAndMilkFeedingEnabled: false,
  infantDayOfSamplingEnabled: false,
  infantMedicalHistoryEnabled: false,
};

/** A project as GET /api/research/kits returns it. */
export function makeProject(overrides: Partial<ResearchProject> = {}): ResearchProject {
  return {
    id: 7,
    name: 'Gut Health Study',
    contactName: 'Dr Jo Study',
    phone: '07 3000 0000',
    email: 'study@example.org',
    logisticType: 'LAB_MANAGED',
    resultDeliveryType: 'PORTAL',
    ...SURVEY_FLAGS,
    kits: [],
    ...overrides,
  };
}

/** A kit of a project, carrying that project's logistics and result delivery. */
export function projectKit(project: ResearchProject, overrides: Partial<Kit> = {}): Kit {
  return makeKit({
    project: {
      id: project.id,
      name: project.name,
      logisticType: project.logisticType,
      resultDeliveryType: project.resultDeliveryType,
    },
    ...overrides,
  });
}

/** POST /api/research/check-voucher's answer for an unclaimed kit of `project`. */
export function voucherOf(project: ResearchProject, kitId = 301): ResearchVoucher {
  const { kits: _kits, ...info } = project;
  return {
    ...info,
    kitId,
    kitStatus: 'UNASSIGNED',
    researchProjectName: project.name,
    researchProjectLogisticsType: project.logisticType,
  };
}
