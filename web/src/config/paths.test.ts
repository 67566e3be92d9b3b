import { APPLICANT_PAGES } from '@mentorship/domain';
import { paths } from './paths';

describe('paths', () => {
  it("name the applicant's pages as the domain does (the e-mailed sign-in link lands there)", () => {
    expect(paths.myApplication).toBe(APPLICANT_PAGES.myApplication);
    expect(paths.myApplicationSignIn).toBe(APPLICANT_PAGES.signIn);
  });
});
