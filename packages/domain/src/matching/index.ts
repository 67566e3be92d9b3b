export * from './api';
export * from './propose';
export * from './suggest';
