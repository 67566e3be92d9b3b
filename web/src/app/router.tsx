import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { lazyPage, lazyRoute, type PageModule } from './lazy-page';
import { RouteError } from './route-error';
import { SiteLayout } from '../components/layout/site-layout';

/** The public pages, the wizards and the applicant's pages (the last, `*`, is the not-found page). */
const sitePages: [path: string, load: PageModule][] = [
  [paths.home, () => import('../features/site/pages/home-page')],
  [paths.about, () => import('../features/site/pages/about-page')],
  [paths.students, () => import('../features/site/pages/students-page')],
  [paths.mentors, () => import('../features/site/pages/mentors-page')],
  [paths.faq, () => import('../features/site/pages/faq-page')],
  [paths.contact, () => import('../features/site/pages/contact-page')],
  [paths.privacy, () => import('../features/site/pages/privacy-page')],
  [paths.terms, () => import('../features/site/pages/terms-page')],
  [paths.conduct, () => import('../features/site/pages/conduct-page')],
  [paths.accessibility, () => import('../features/site/pages/accessibility-page')],
  [paths.registerMentor, () => import('../features/applications/mentor-wizard-page')],
  [paths.registerStudent, () => import('../features/applications/student-wizard-page')],
  [paths.myApplicationSignIn, () => import('../features/my-application/sign-in-page')],
  [paths.myApplicationCheckIn, () => import('../features/my-application/check-in-page')],
  [paths.myApplication, () => import('../features/my-application/my-application-page')],
  [paths.keepApplication, () => import('../features/my-application/keep-application-page')],
  [paths.confirmOpeningAlert, () => import('../features/my-application/opening-alert-page')],
  ['/my-application/nomination', () => import('../features/nomination/nomination-page')],
  [paths.closingEvent, () => import('../features/closing-event/closing-event-page')],
  [paths.certificatePattern, () => import('../features/certificates/verify-certificate-page')],
  ['*', () => import('../features/site/pages/not-found-page')],
];

/** The admin area's pages (sign-in and the signed-out pages among them). */
const adminPages: [path: string, load: PageModule][] = [
  [paths.admin.login, () => import('../features/admin/login/login-page')],
  [paths.admin.verify, () => import('../features/admin/login/verify-page')],
  [paths.admin.dashboard, () => import('../features/admin/dashboard/dashboard-page')],
  [paths.admin.createStudent, () => import('../features/admin/people/create-student-page')],
  [paths.admin.createMentor, () => import('../features/admin/people/create-mentor-page')],
  [paths.admin.editStudentPattern, () => import('../features/admin/people/edit-student-page')],
  [paths.admin.editMentorPattern, () => import('../features/admin/people/edit-mentor-page')],
  [paths.admin.studentPattern, () => import('../features/admin/person/student-page')],
  [paths.admin.mentorPattern, () => import('../features/admin/person/mentor-page')],
  [paths.admin.createPair, () => import('../features/admin/create-pair/create-pair-page')],
  [paths.admin.matching, () => import('../features/matching/matching-page')],
  [paths.admin.pairs, () => import('../features/admin/pairs/pairs-page')],
  [paths.admin.mail, () => import('../features/admin/mail/undelivered-page')],
  [paths.admin.team, () => import('../features/admin/team/team-page')],
  [paths.admin.cohorts, () => import('../features/admin/cohorts/cohorts-page')],
  [paths.admin.cohortEventsPattern, () => import('../features/admin/cohorts/cohort-events-page')],
  [paths.admin.guides, () => import('../features/admin/guides/guides-page')],
  [paths.admin.interviews, () => import('../features/admin/interviews/interviews-page')],
  [paths.admin.account, () => import('../features/admin/team/account-page')],
  [paths.admin.forgotPassword, () => import('../features/admin/team/forgot-password-page')],
  [paths.admin.resetPassword, () => import('../features/admin/team/reset-password-page')],
  [paths.admin.acceptInvitation, () => import('../features/admin/team/accept-invitation-page')],
  [paths.admin.reports, () => import('../features/admin/reports/reports-page')],
];

/**
 * Every page is its own chunk: public pages never load the wizards' form code, Firebase or the
 * admin area.
 */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      ...sitePages.map(([path, load]) => lazyRoute(path, load)),
      { path: paths.forMentors, element: <Navigate to={paths.mentors} replace /> },
    ],
  },
  {
    path: paths.admin.root,
    errorElement: <RouteError />,
    lazy: lazyPage(() => import('../features/admin/admin-root')),
    children: [
      { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
      ...adminPages.map(([path, load]) => lazyRoute(path, load)),
    ],
  },
];
