export * from './api';
export * from './limits';
export * from './match';
export * from './messages';
export * from './options';
export * from './schemas';
export * from './table';
export * from './validate';
export * from './matching';
export * from './program';
export * from './email/compose';
export * from './email/templates';
export * from './email/catalogue';
export * from './people';
export * from './review';
export * from './application-fields';
export * from './notes';
export * from './text-safety';
export * from './team';
export * from './my-application';
export * from './cohort';
export * from './pairs';
export * from './cohort-records';
export * from './carry-forward';
export * from './pair-health';
export * from './pair-plan';
export * from './pair-api';
export * from './cohort-report';
export * from './csv';
export * from './audience';
export * from './links';
export * from './join-links';
export * from './outbox';
export * from './mail-budgets';
export * from './registry';
export * from './collection-docs';
// The path table itself is for the routers that mount it; callers name a path through their
// concept's `*Paths` object, so the URL builders stay inside the package.
export {
  API,
  API_PREFIX,
  withVersion,
  type ApiName,
  type ApiRoute,
  type HttpMethod,
  type PathParams,
} from './api-paths';
export * from './dates';
export * from './list-fields';
export * from './interviews';
export * from './program-events';
export * from './nominations';
export * from './recommendations';
export * from './pair-doc';
export * from './time-zones';
export * from './planned-sessions';
export * from './session-guides';
export * from './account-security';
export * from './work-progress';
