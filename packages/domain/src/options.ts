/** The option lists the forms offer. One source for the forms, the server and the seed. */

export const DISCIPLINES = [
  'Computer Science',
  'Engineering',
  'Business',
  'Marketing',
  'Design',
  'Data Science',
  'Product Management',
  'Finance',
  'Healthcare',
  'Education',
  'Non-Profit',
  'Consulting',
  'Sales',
  'Operations',
  'Research',
] as const;

export const MENTORING_TOPICS = [
  'Career Planning',
  'Technical Skills',
  'Leadership',
  'Networking',
  'Interview Preparation',
  'Resume Building',
  'Industry Insights',
  'Work-Life Balance',
  'Entrepreneurship',
  'Professional Development',
  'Communication Skills',
  'Project Management',
  'Team Building',
] as const;
export type MentoringTopic = (typeof MENTORING_TOPICS)[number];

/**
 * Mentor availability. The spec's sketch had a second, different list on the admin edit screen;
 * one list is used everywhere so that what an applicant chose shows up when a coordinator edits
 * the record.
 */
export const AVAILABILITY = [
  'Weekdays 9AM-5PM',
  'Weekdays 6PM-9PM',
  'Weekends Morning',
  'Weekends Afternoon',
  'Flexible Schedule',
  'By Appointment Only',
] as const;
export type Availability = (typeof AVAILABILITY)[number];

export const YEARS_OF_STUDY = [
  '1st Year Undergraduate',
  '2nd Year Undergraduate',
  '3rd Year Undergraduate',
  '4th Year Undergraduate',
  '5th Year Undergraduate',
  "1st Year Master's",
  "2nd Year Master's",
  '1st Year PhD',
  '2nd Year PhD',
  '3rd+ Year PhD',
] as const;

/** How many students a mentor takes at once. */
export const MENTOR_CAPACITY = { min: 1, max: 5, default: 1 } as const;

export const YEARS_EXPERIENCE = { min: 0, max: 50 } as const;
