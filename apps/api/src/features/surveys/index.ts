/**
 * What other features may use of surveys/ (the rest is its own; architecture.test.ts): the questionnaires'
 * definitions and each kit's progress.
 */
export { answerClock, latestDefinitionOf } from './catalog.ts';
export { type KitSurveyStats, storedSurveyStats, surveyStatsForKits } from './progress.ts';
