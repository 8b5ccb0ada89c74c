export * from './constants.ts';
export * from './emissions.ts';
export * from './amounts.ts';
export * from './address.ts';
export * from './errors.ts';
export * from './schemas.ts';
export * from './realtime.ts';
export * from './display.ts';
