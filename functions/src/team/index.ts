/**
 * The coordinator team: invitations, removal, password resets.
 *
 * The feature's only entry: the rest of the function (other features, app.ts, schedule/,
 * register-features.ts) imports what is exported here, never a file inside the folder
 * (eslint.config.mjs holds that).
 */
export { createPublicTeamRouter, teamRouter } from './router';
export { requestPasswordReset, teamLinks } from './service';
