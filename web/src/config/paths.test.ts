import {
  MY_APPLICATION_PAGES,
  CHECK_IN_PAGE,
  CLOSING_EVENT_PAGE,
  openingAlertPaths,
} from '@mentorship/domain';
import { paths } from './paths';

describe('paths', () => {
  it("name the applicant's pages as the domain does (the e-mailed sign-in link lands there)", () => {
    expect(paths.myApplication).toBe(MY_APPLICATION_PAGES.myApplication);
    expect(paths.myApplicationSignIn).toBe(MY_APPLICATION_PAGES.signIn);
    expect(paths.myApplicationCheckIn).toBe(CHECK_IN_PAGE);
    expect(paths.closingEvent).toBe(CLOSING_EVENT_PAGE);
    expect(paths.confirmOpeningAlert).toBe(openingAlertPaths.page);
  });
});
