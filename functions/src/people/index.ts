/**
 * Students and mentors for coordinators: list, read, create, edit, notes, and erasure with all
 * that goes with a person.
 *
 * The feature's only entry: the rest of the function (other features, app.ts, schedule/,
 * register-features.ts) imports what is exported here, never a file inside the folder
 * (eslint.config.mjs holds that).
 */
export { editPerson, removePerson } from './repository';
export { peopleRouter } from './router';
export { deleteSignIn } from './sign-in-user';
