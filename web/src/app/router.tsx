import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { lazyPage } from './lazy-page';
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
      { path: paths.home, lazy: lazyPage(() => import('../features/site/pages/home-page')) },
      { path: paths.about, lazy: lazyPage(() => import('../features/site/pages/about-page')) },
      {
        path: paths.students,
        lazy: lazyPage(() => import('../features/site/pages/students-page')),
      },
      { path: paths.mentors, lazy: lazyPage(() => import('../features/site/pages/mentors-page')) },
      { path: paths.forMentors, element: <Navigate to={paths.mentors} replace /> },
      { path: paths.faq, lazy: lazyPage(() => import('../features/site/pages/faq-page')) },
      { path: paths.contact, lazy: lazyPage(() => import('../features/site/pages/contact-page')) },
      { path: paths.privacy, lazy: lazyPage(() => import('../features/site/pages/privacy-page')) },
      { path: paths.terms, lazy: lazyPage(() => import('../features/site/pages/terms-page')) },
      { path: paths.conduct, lazy: lazyPage(() => import('../features/site/pages/conduct-page')) },
      {
        path: paths.accessibility,
        lazy: lazyPage(() => import('../features/site/pages/accessibility-page')),
      },
      {
        path: paths.registerMentor,
        lazy: lazyPage(() => import('../features/apply/mentor-wizard-page')),
      },
      {
        path: paths.registerStudent,
        lazy: lazyPage(() => import('../features/apply/student-wizard-page')),
      },
      {
        path: paths.myApplicationSignIn,
        lazy: lazyPage(() => import('../features/applicant/sign-in-page')),
      },
      {
        path: paths.myApplicationCheckIn,
        lazy: lazyPage(() => import('../features/applicant/check-in-page')),
      },
      {
        path: paths.myApplication,
        lazy: lazyPage(() => import('../features/applicant/my-application-page')),
      },
      {
        path: paths.keepApplication,
        lazy: lazyPage(() => import('../features/applicant/keep-application-page')),
      },
      {
        path: '/my-application/nomination',
        lazy: lazyPage(() => import('../features/nomination/nomination-page')),
      },
      {
        path: paths.closingEvent,
        lazy: lazyPage(() => import('../features/closing-event/closing-event-page')),
      },
      {
        path: paths.certificatePattern,
        lazy: lazyPage(() => import('../features/certificates/verify-certificate-page')),
      },
      { path: '*', lazy: lazyPage(() => import('../features/site/pages/not-found-page')) },
    ],
  },
  {
    path: paths.admin.root,
    errorElement: <RouteError />,
    lazy: lazyPage(() => import('../features/admin/admin-root')),
    children: [
      { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
      {
        path: paths.admin.login,
        lazy: lazyPage(() => import('../features/admin/login/login-page')),
      },
      {
        path: paths.admin.dashboard,
        lazy: lazyPage(() => import('../features/admin/dashboard/dashboard-page')),
      },
      {
        path: paths.admin.createStudent,
        lazy: lazyPage(() => import('../features/admin/people/create-student-page')),
      },
      {
        path: paths.admin.createMentor,
        lazy: lazyPage(() => import('../features/admin/people/create-mentor-page')),
      },
      {
        path: paths.admin.editStudentPattern,
        lazy: lazyPage(() => import('../features/admin/people/edit-student-page')),
      },
      {
        path: paths.admin.editMentorPattern,
        lazy: lazyPage(() => import('../features/admin/people/edit-mentor-page')),
      },
      {
        path: paths.admin.studentPattern,
        lazy: lazyPage(() => import('../features/admin/person/student-page')),
      },
      {
        path: paths.admin.mentorPattern,
        lazy: lazyPage(() => import('../features/admin/person/mentor-page')),
      },
      {
        path: paths.admin.createAssignment,
        lazy: lazyPage(() => import('../features/admin/assignments/create-assignment-page')),
      },
      {
        path: paths.admin.matching,
        lazy: lazyPage(() => import('../features/matching/matching-page')),
      },
      {
        path: paths.admin.pairs,
        lazy: lazyPage(() => import('../features/admin/pairs/pairs-page')),
      },
      {
        path: paths.admin.mail,
        lazy: lazyPage(() => import('../features/admin/mail/undelivered-page')),
      },
      { path: paths.admin.team, lazy: lazyPage(() => import('../features/admin/team/team-page')) },
      {
        path: paths.admin.cohorts,
        lazy: lazyPage(() => import('../features/admin/cohorts/cohorts-page')),
      },
      {
        path: paths.admin.cohortEventsPattern,
        lazy: lazyPage(() => import('../features/admin/cohorts/cohort-events-page')),
      },
      {
        path: paths.admin.guides,
        lazy: lazyPage(() => import('../features/admin/guides/guides-page')),
      },
      {
        path: paths.admin.interviews,
        lazy: lazyPage(() => import('../features/admin/interviews/interviews-page')),
      },
      {
        path: paths.admin.account,
        lazy: lazyPage(() => import('../features/admin/team/account-page')),
      },
      {
        path: paths.admin.forgotPassword,
        lazy: lazyPage(() => import('../features/admin/team/forgot-password-page')),
      },
      {
        path: paths.admin.resetPassword,
        lazy: lazyPage(() => import('../features/admin/team/reset-password-page')),
      },
      {
        path: paths.admin.acceptInvitation,
        lazy: lazyPage(() => import('../features/admin/team/accept-invitation-page')),
      },
      {
        path: paths.admin.reports,
        lazy: lazyPage(() => import('../features/admin/reports/reports-page')),
      },
    ],
  },
];
