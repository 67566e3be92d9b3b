/**
 * Review of students and mentors: approval, decline, reopening and activation.
 *
 * The feature's only entry: the rest of the function (other features, app.ts, schedule/,
 * register-features.ts) imports what is exported here, never a file inside the folder
 * (eslint.config.mjs holds that).
 */
export { decide, setPersonStatus, type Alongside } from './people';
