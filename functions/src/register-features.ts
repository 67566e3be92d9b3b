/**
 * Start-up: the features' parts of the platform's tables. The platform (email/, abuse/) imports
 * no feature; what it does for one it finds in a table filled here: how the outbox makes each
 * kind of link (email/links.ts) and what each door request does with its address
 * (abuse/door-requests.ts). index.ts calls this as the function loads; a script or a test that
 * runs the outbox or a door itself calls it first.
 */
import { registerDoors } from './abuse/door-requests';
import { myApplicationLinks, sendSignInLinkIfKnown } from './my-application';
import { carryForwardLinks, closingEventLinks, openingAlertLinks } from './cohorts';
import { registerLinkMakers } from './email/links';
import { nominationLinks } from './nominations';
import { checkInLinks } from './pairs';
import { requestPasswordReset, teamLinks } from './team';

export function registerFeatures(): void {
  registerLinkMakers({
    ...myApplicationLinks,
    ...teamLinks,
    ...carryForwardLinks,
    ...closingEventLinks,
    ...openingAlertLinks,
    ...nominationLinks,
    ...checkInLinks,
  });
  registerDoors({
    'sign-in-link': sendSignInLinkIfKnown,
    'password-reset': requestPasswordReset,
  });
}
