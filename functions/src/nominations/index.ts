/**
 * Nominations confirmed by the nominator.
 *
 * The feature's only entry: the rest of the function (other features, app.ts, schedule/,
 * register-features.ts) imports what is exported here, never a file inside the folder
 * (eslint.config.mjs holds that).
 */
export { createNominationsPublicRouter, nominationsAdminRouter } from './router';
export {
  askNominator,
  nominationLinks,
  nominationWithdrawal,
  nominatorChanged,
  studentIdsWithNomination,
} from './service';
