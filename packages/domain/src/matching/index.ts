export * from './api';
export * from './propose';
export * from './nomination-preference';
export * from './suggest';
export * from './working-hours';
export * from './time-zone-preference';
