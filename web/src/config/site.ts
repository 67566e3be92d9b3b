import { PROGRAM } from '@mentorship/domain';

/**
 * What the site says about the program. Its name and mailboxes come from the domain package
 * (PROGRAM), which the e-mails use too; the rest is the site's own.
 */
export const site = {
  name: PROGRAM.name,
  shortName: PROGRAM.shortName,
  tagline: 'Connecting university students with experienced professionals, free of charge.',
  blurb:
    'A free, volunteer-run program that pairs university students with experienced professionals for four months of one-on-one mentorship.',
  copyrightYear: 2024,
  legalLastUpdated: 'December 30, 2024',
  mail: PROGRAM.mail,
  links: {
    linkedin: 'https://www.linkedin.com/company/bridge-mentorship-program',
  },
  /** Social profiles that do not exist yet: shown as "coming soon", never as links. */
  plannedSocial: ['Instagram', 'X (Twitter)'],
} as const;
