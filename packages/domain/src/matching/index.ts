export * from './api';
export * from './propose';
