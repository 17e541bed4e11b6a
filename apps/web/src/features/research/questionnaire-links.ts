import { isListed, isNotActivated, type Kit, questionnairesComplete } from '@portal/domain';

/** The questionnaires list opened at this kit (the list scrolls to it as My Research does). */
export const questionnairesLink = (kit: Pick<Kit, 'id'>) => `/surveys?scrollingPosition=kit-${kit.id}`;

/**
 * An activated kit whose questionnaires the participant answers here (not on the infant site): these
 * get a Questionnaires action on My Research.
 */
export const answersQuestionnairesHere = (kit: Kit) =>
  isListed(kit) && !isNotActivated(kit) && kit.surveyResultId === null && kit.surveysStats.length > 0;

/** A kit with questionnaires left to answer: the dashboard reminds the participant of it. */
export const hasQuestionnairesLeft = (kit: Kit) =>
  answersQuestionnairesHere(kit) && !questionnairesComplete(kit.surveysStats);
