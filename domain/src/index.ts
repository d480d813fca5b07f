export * from './shared/events.ts';
export * from './shared/decider.ts';
