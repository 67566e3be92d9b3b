/** Every route path of the site, with href builders: no route string is written twice. */
export const paths = {
  home: '/',
  about: '/about',
  students: '/students',
  mentors: '/mentors',
  forMentors: '/for-mentors',
  faq: '/faq',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  conduct: '/conduct',
  accessibility: '/accessibility',
  registerMentor: '/register-mentor',
  registerStudent: '/register-student',
  /**
   * The applicant's door: the domain's MY_APPLICATION_PAGES (the function builds the e-mailed link
   * from it), written out because this file is in the entry script, which imports nothing else
   * (paths.test.ts keeps them equal).
   */
  myApplication: '/my-application',
  myApplicationSignIn: '/my-application/sign-in',
  /** The carry-forward e-mail's page: a button keeps the application, once. */
  keepApplication: '/my-application/keep',
  /** The opening alert's confirmation e-mail's page (the domain's openingAlertPaths.page). */
  confirmOpeningAlert: '/my-application/opening-alert',
  /** Where a check-in e-mail's one-click buttons land (the domain's CHECK_IN_PAGE). */
  myApplicationCheckIn: '/my-application/check-in',
  /** The closing-event e-mail's page (the domain's CLOSING_EVENT_PAGE). */
  closingEvent: '/closing-event',
  /** Public verification of a certificate by its id (the domain's certificatePagePath). */
  certificatePattern: '/certificates/:id',
  certificate: (id: string) => `/certificates/${encodeURIComponent(id)}`,
  admin: {
    root: '/admin',
    login: '/admin/login',
    dashboard: '/admin/dashboard',
    createStudent: '/admin/create-student',
    createMentor: '/admin/create-mentor',
    createPair: '/admin/create-assignment',
    matching: '/admin/matching',
    /** The coordinator team: members, invitations, removal. */
    team: '/admin/team',
    /** Cohort records: create and edit, phases in words. */
    cohorts: '/admin/cohorts',
    /** A cohort's orientation and closing event. */
    cohortEventsPattern: '/admin/cohorts/:id/events',
    cohortEvents: (id: string) => `/admin/cohorts/${encodeURIComponent(id)}/events`,
    /** The months after matching: every pair's health, ending a pair, the nudges ahead. */
    pairs: '/admin/pairs',
    /** E-mail that did not go out: who, which moment, why, since when; send again. */
    mail: '/admin/mail',
    /** Screening interviews: publish slots; mentors book them from My application. */
    interviews: '/admin/interviews',
    /** Session guides: each program month's topics and questions. */
    guides: '/admin/guides',
    /** The signed-in coordinator's own account: change password. */
    account: '/admin/account',
    /** Signed-out pages of the admin area (no admin guard). */
    forgotPassword: '/admin/forgot-password',
    resetPassword: '/admin/reset-password',
    acceptInvitation: '/admin/accept-invitation',
    /** The second step of a sign-in: the coordinator's passkey (signed in, not yet confirmed). */
    verify: '/admin/verify',
    /** The cohort report: figures beside earlier cohorts, charts, CSV. */
    reports: '/admin/reports',
    editStudentPattern: '/admin/edit-student/:id',
    editMentorPattern: '/admin/edit-mentor/:id',
    studentPattern: '/admin/students/:id',
    mentorPattern: '/admin/mentors/:id',
    /** The person's page: their whole application, review, history, pairs and notes. */
    student: (id: string) => `/admin/students/${encodeURIComponent(id)}`,
    mentor: (id: string) => `/admin/mentors/${encodeURIComponent(id)}`,
    editStudent: (id: string) => `/admin/edit-student/${encodeURIComponent(id)}`,
    editMentor: (id: string) => `/admin/edit-mentor/${encodeURIComponent(id)}`,
  },
} as const;
