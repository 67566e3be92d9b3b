/**
 * The admin API's assignments: one pair made, paused, resumed or deleted at a time (the pair module
 * does the work).
 *
 * The feature's only entry: the rest of the function (other features, app.ts, schedule/,
 * register-features.ts) imports what is exported here, never a file inside the folder
 * (eslint.config.mjs holds that).
 */
export { assignmentsRouter } from './router';
export { createAssignment } from './service';
