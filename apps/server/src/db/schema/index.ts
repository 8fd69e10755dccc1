export * from './auth.ts';
export * from './app.ts';
export * from './simulator.ts';
export * from './engine.ts';
export * from './prompt-versions.ts';
export * from './billing.ts';
export * from './engine-stats.ts';
export * from './handoff.ts';
