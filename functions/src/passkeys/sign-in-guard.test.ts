import { SESSION_MESSAGES } from '@mentorship/domain';
import { refuseCoordinatorEmailLink } from './sign-in-guard';

const BEFORE_SIGN_IN = 'providers/cloud.auth/eventTypes/user.beforeSignIn';
const coordinator = { customClaims: { admin: true } };

describe('refuseCoordinatorEmailLink', () => {
  it("refuses a coordinator's e-mail link sign-in, saying where coordinators sign in", () => {
    expect(() =>
      refuseCoordinatorEmailLink({ eventType: `${BEFORE_SIGN_IN}:emailLink`, data: coordinator }),
    ).toThrow(SESSION_MESSAGES.emailLinkRefused);
  });

  it("lets a coordinator's password sign-in and an applicant's e-mail link through", () => {
    expect(() =>
      refuseCoordinatorEmailLink({ eventType: `${BEFORE_SIGN_IN}:password`, data: coordinator }),
    ).not.toThrow();
    expect(() =>
      refuseCoordinatorEmailLink({ eventType: `${BEFORE_SIGN_IN}:emailLink`, data: {} }),
    ).not.toThrow();
    expect(() =>
      refuseCoordinatorEmailLink({
        eventType: `${BEFORE_SIGN_IN}:emailLink`,
        data: { customClaims: { admin: 'true' } },
      }),
    ).not.toThrow();
  });
});
