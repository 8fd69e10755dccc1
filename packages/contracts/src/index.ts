export * from './brand.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './phone.ts';
export * from './auth.ts';
export * from './account.ts';
