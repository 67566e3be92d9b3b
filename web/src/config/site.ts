/** Program name, mailboxes and external links: the one place to change them. */
export const site = {
  name: 'Bridge Mentorship Program',
  shortName: 'Bridge Mentorship',
  tagline: 'Connecting university students with experienced professionals, free of charge.',
  blurb:
    'A free, volunteer-run program that pairs university students with experienced professionals for four months of one-on-one mentorship.',
  copyrightYear: 2024,
  legalLastUpdated: 'December 30, 2024',
  mail: {
    contact: 'hello@bridgementorship.org',
    privacy: 'privacy@bridgementorship.org',
    legal: 'legal@bridgementorship.org',
    conduct: 'conduct@bridgementorship.org',
    safety: 'safety@bridgementorship.org',
    accessibility: 'accessibility@bridgementorship.org',
  },
  links: {
    linkedin: 'https://www.linkedin.com/company/bridge-mentorship-program',
  },
  /** Social profiles that do not exist yet: shown as "coming soon", never as links. */
  plannedSocial: ['Instagram', 'X (Twitter)'],
} as const;
