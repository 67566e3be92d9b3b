export * from './api';
export * from './limits';
export * from './match';
export * from './messages';
export * from './options';
export * from './schemas';
export * from './validate';
export * from './matching';
