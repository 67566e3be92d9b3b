/**
 * Build-time rendering of the public pages (web/prerender.ts). Each page is rendered to
 * static HTML with its Emotion styles, then hydrated in the browser by main.tsx, so the first
 * paint needs no JavaScript.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { isPublicCohortsAnswer, type PublicCohorts } from '@mentorship/domain';
import { paths } from '../config/paths';
import { BuiltCohortsProvider } from '../features/site/components/cohort-dates';
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
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // One Emotion cache per page, so every rule is emitted exactly once.
  const cache = createCache({ key: 'css' });
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders>
          <BuiltCohortsProvider answer={cohorts}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </BuiltCohortsProvider>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  return { html };
}
