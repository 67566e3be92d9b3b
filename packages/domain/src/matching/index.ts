export * from './api';
export * from './propose';
export * from './nomination-preference';
export * from './suggest';
