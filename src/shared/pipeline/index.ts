export * from './states';
export * from './checklist';
export * from './committee';
