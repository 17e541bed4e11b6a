export * from './answers.ts';
export * from './definition.ts';
export * from './progress.ts';
export * from './survey-types.ts';
export * from './visibility.ts';
