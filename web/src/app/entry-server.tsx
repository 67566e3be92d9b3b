/**
 * Build-time rendering of the public pages (web/prerender.ts). Each page is rendered to
 * static HTML with its Emotion styles, then hydrated in the browser by main.tsx, so the first
 * paint needs no JavaScript.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { Box } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { isPublicCohortsAnswer, type PublicCohorts } from '@mentorship/domain';
import { paths } from '../config/paths';
import { AdminLayout } from '../features/admin/components/admin-layout';
import { BuiltCohortsProvider } from '../features/site/components/cohort-dates';
import { lazyPage } from './lazy-page';
import { AppProviders } from './providers';
import { routes } from './router';

/** The public pages rendered at build time: the information pages and the wizards' step 1. */
export const prerenderPaths: readonly string[] = [
  paths.home,
  paths.about,
  paths.students,
  paths.mentors,
  paths.faq,
  paths.contact,
  paths.privacy,
  paths.terms,
  paths.conduct,
  paths.accessibility,
  paths.registerStudent,
  paths.registerMentor,
  paths.admin.login,
];

/**
 * The sign-in page as a signed-out coordinator sees it: the admin root's frame (admin-root.tsx,
 * `AdminGate` on a signed-out path) around the page, without Firebase's providers, which the
 * page does not use to render (the build aliases lib/firebase to a stand-in: prerender.ts). The
 * app takes the form over on the first interaction (main.tsx), like the wizards' step 1.
 */
const signedOutRoutes: RouteObject[] = [
  {
    path: paths.admin.root,
    element: (
      <Box>
        <AdminLayout signedIn={false}>
          <Outlet />
        </AdminLayout>
      </Box>
    ),
    children: [
      {
        path: paths.admin.login,
        lazy: lazyPage(() => import('../features/admin/login/login-page')),
      },
    ],
  },
];

export interface RenderedPage {
  /** Markup of #root. */
  html: string;
}

/** A cohorts answer given to the build, if the dates line can read it. */
export const checkCohorts = (value: unknown): Pick<PublicCohorts, 'open' | 'next'> | null =>
  isPublicCohortsAnswer(value) ? value : null;

/**
 * `cohorts`: the answer of GET /api/cohorts/current the build was given (web/prerender.ts,
 * COHORTS_SOURCE), written into the public pages' dates line; null: its neutral sentence.
 */
export async function render(
  pathname: string,
  cohorts: Pick<PublicCohorts, 'open' | 'next'> | null = null,
): Promise<RenderedPage> {
  const admin = pathname.startsWith(`${paths.admin.root}/`);
  const handler = createStaticHandler(admin ? signedOutRoutes : routes);
  const context = await handler.query(new Request(`http://prerender.local${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // One Emotion cache per page, so every rule is emitted exactly once.
  const cache = createCache({ key: 'css' });
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders>
          <QueryClientProvider client={new QueryClient()}>
            <BuiltCohortsProvider answer={cohorts}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </BuiltCohortsProvider>
          </QueryClientProvider>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  return { html };
}
