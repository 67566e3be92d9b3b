/**
 * The program's name and mailboxes: shown by the site (web/src/config/site.ts) and written into
 * the e-mails the function sends, so both say the same thing.
 */
export const PROGRAM = {
  name: 'Bridge Mentorship Program',
  shortName: 'Bridge Mentorship',
  mail: {
    contact: 'hello@bridgementorship.org',
    privacy: 'privacy@bridgementorship.org',
    legal: 'legal@bridgementorship.org',
    conduct: 'conduct@bridgementorship.org',
    safety: 'safety@bridgementorship.org',
    accessibility: 'accessibility@bridgementorship.org',
  },
  /** Public paths the e-mails link to (joined to the site's origin). */
  paths: { conduct: '/conduct', faq: '/faq' },
} as const;

/**
 * The site's pages of the applicant's door (also the path the e-mail link lands on). Here, in a
 * module without imports, so the site's entry script can name them without loading yup.
 */
export const MY_APPLICATION_PAGES = {
  myApplication: '/my-application',
  signIn: '/my-application/sign-in',
} as const;
