import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { lazyPage, lazyRoute } from './lazy-page';
import { RouteError } from './route-error';
import { SiteLayout } from '../components/layout/site-layout';

/**
 * Every page is its own chunk: public pages never load the wizards' form code, Firebase or the
 * admin area.
 */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      lazyRoute(paths.home, () => import('../features/site/pages/home-page')),
      lazyRoute(paths.about, () => import('../features/site/pages/about-page')),
      lazyRoute(paths.students, () => import('../features/site/pages/students-page')),
      lazyRoute(paths.mentors, () => import('../features/site/pages/mentors-page')),
      { path: paths.forMentors, element: <Navigate to={paths.mentors} replace /> },
      lazyRoute(paths.faq, () => import('../features/site/pages/faq-page')),
      lazyRoute(paths.contact, () => import('../features/site/pages/contact-page')),
      lazyRoute(paths.privacy, () => import('../features/site/pages/privacy-page')),
      lazyRoute(paths.terms, () => import('../features/site/pages/terms-page')),
      lazyRoute(paths.conduct, () => import('../features/site/pages/conduct-page')),
      lazyRoute(paths.accessibility, () => import('../features/site/pages/accessibility-page')),
      lazyRoute(paths.registerMentor, () => import('../features/apply/mentor-wizard-page')),
      lazyRoute(paths.registerStudent, () => import('../features/apply/student-wizard-page')),
      lazyRoute(paths.myApplicationSignIn, () => import('../features/applicant/sign-in-page')),
      lazyRoute(paths.myApplicationCheckIn, () => import('../features/applicant/check-in-page')),
      lazyRoute(paths.myApplication, () => import('../features/applicant/my-application-page')),
      lazyRoute(paths.keepApplication, () => import('../features/applicant/keep-application-page')),
      lazyRoute(
        '/my-application/nomination',
        () => import('../features/nomination/nomination-page'),
      ),
      lazyRoute(paths.closingEvent, () => import('../features/closing-event/closing-event-page')),
      lazyRoute(
        paths.certificatePattern,
        () => import('../features/certificates/verify-certificate-page'),
      ),
      lazyRoute('*', () => import('../features/site/pages/not-found-page')),
    ],
  },
  {
    path: paths.admin.root,
    errorElement: <RouteError />,
    lazy: lazyPage(() => import('../features/admin/admin-root')),
    children: [
      { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
      lazyRoute(paths.admin.login, () => import('../features/admin/login/login-page')),
      lazyRoute(paths.admin.dashboard, () => import('../features/admin/dashboard/dashboard-page')),
      lazyRoute(
        paths.admin.createStudent,
        () => import('../features/admin/people/create-student-page'),
      ),
      lazyRoute(
        paths.admin.createMentor,
        () => import('../features/admin/people/create-mentor-page'),
      ),
      lazyRoute(
        paths.admin.editStudentPattern,
        () => import('../features/admin/people/edit-student-page'),
      ),
      lazyRoute(
        paths.admin.editMentorPattern,
        () => import('../features/admin/people/edit-mentor-page'),
      ),
      lazyRoute(paths.admin.studentPattern, () => import('../features/admin/person/student-page')),
      lazyRoute(paths.admin.mentorPattern, () => import('../features/admin/person/mentor-page')),
      lazyRoute(
        paths.admin.createAssignment,
        () => import('../features/admin/assignments/create-assignment-page'),
      ),
      lazyRoute(paths.admin.matching, () => import('../features/matching/matching-page')),
      lazyRoute(paths.admin.pairs, () => import('../features/admin/pairs/pairs-page')),
      lazyRoute(paths.admin.mail, () => import('../features/admin/mail/undelivered-page')),
      lazyRoute(paths.admin.team, () => import('../features/admin/team/team-page')),
      lazyRoute(paths.admin.cohorts, () => import('../features/admin/cohorts/cohorts-page')),
      lazyRoute(
        paths.admin.cohortEventsPattern,
        () => import('../features/admin/cohorts/cohort-events-page'),
      ),
      lazyRoute(paths.admin.guides, () => import('../features/admin/guides/guides-page')),
      lazyRoute(
        paths.admin.interviews,
        () => import('../features/admin/interviews/interviews-page'),
      ),
      lazyRoute(paths.admin.account, () => import('../features/admin/team/account-page')),
      lazyRoute(
        paths.admin.forgotPassword,
        () => import('../features/admin/team/forgot-password-page'),
      ),
      lazyRoute(
        paths.admin.resetPassword,
        () => import('../features/admin/team/reset-password-page'),
      ),
      lazyRoute(
        paths.admin.acceptInvitation,
        () => import('../features/admin/team/accept-invitation-page'),
      ),
      lazyRoute(paths.admin.reports, () => import('../features/admin/reports/reports-page')),
    ],
  },
];
