/**
 * The end of the program: pairs completed and their certificates, the final survey and the
 * cohort report.
 *
 * The feature's only entry: the rest of the function (other features, app.ts, schedule/,
 * register-features.ts) imports what is exported here, never a file inside the folder
 * (eslint.config.mjs holds that).
 */
export { eraseCertificatesOf, runCertificateRetention, runCompletion } from './completion';
export { certificatesRouter, createPublicCertificatesRouter, reportsRouter } from './router';
