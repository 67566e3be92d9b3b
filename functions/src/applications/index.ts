/**
 * The public applications (the two wizards' submissions).
 *
 * The feature's only entry: the rest of the function (other features, app.ts, schedule/,
 * register-features.ts) imports what is exported here, never a file inside the folder
 * (eslint.config.mjs holds that).
 */
export { createApplicationsRouter } from './router';
