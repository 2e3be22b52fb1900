export * from './catalogue';
export * from './constants';
export * from './errors';
export * from './providers';
export * from './rules/actions';
export * from './rules/credits';
export * from './rules/status';
export * from './rules/timing';
