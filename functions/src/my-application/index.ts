/**
 * What a signed-in applicant does with their own data (My application), their sign-in links and the
 * confirmation e-mail of a public application.
 *
 * The feature's only entry: the rest of the function (other features, app.ts, schedule/,
 * register-features.ts) imports what is exported here, never a file inside the folder
 * (eslint.config.mjs holds that).
 */
export { myApplicationLinks, queueConfirmationEmail, sendSignInLinkIfKnown } from './links';
export { adminExportRouter, createMyApplicationRouter } from './router';
