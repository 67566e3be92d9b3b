import { paths } from './paths';

/**
 * The application wizards, by route: the key of the per-tab draft each keeps. Their step 1 is
 * prerendered and taken over by the app on first interaction (main.tsx, lib/takeover.ts), or at
 * once when a draft is waiting to be restored.
 */
export const WIZARD_DRAFT_KEYS: Readonly<Record<string, string>> = {
  [paths.registerStudent]: 'mentorship.apply.student-draft',
  [paths.registerMentor]: 'mentorship.apply.mentor-draft',
};
