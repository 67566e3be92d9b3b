/**
 * The frame of the pages for one audience (For Students, For Mentors): the page's title and
 * description, the hero with its apply button and "Learn More" in the FAQ, the page's own
 * sections, and a closing band offering the same two ways on.
 */
import type { ReactNode } from 'react';
import { PageMeta } from '../../../components/layout/page-meta';
import { paths } from '../../../config/paths';
import { Actions, CallToAction, PageHero, SrOnly, type PageAction } from './blocks';
import { CohortDates } from './cohort-dates';

/** "Learn More" in the FAQ, which both pages offer beside applying. */
const learnMoreInFaq: PageAction = {
  to: paths.faq,
  label: (
    <>
      Learn More<SrOnly> in the FAQ</SrOnly>
    </>
  ),
};

interface AudiencePageProps {
  meta: { title: string; description: string };
  hero: { eyebrow: string; title: string; lead: string; apply: PageAction };
  /** Shows the program's dates above the hero's buttons (For Students). */
  cohortDates?: boolean;
  closing: { id: string; title: string; text: string; apply: PageAction };
  /** The page's own sections, between the hero and the closing band. */
  children: ReactNode;
}

export function AudiencePage({
  meta,
  hero,
  cohortDates = false,
  closing,
  children,
}: AudiencePageProps) {
  return (
    <>
      <PageMeta title={meta.title} description={meta.description} />
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead}>
        {cohortDates ? <CohortDates /> : null}
        <Actions actions={[hero.apply, learnMoreInFaq]} />
      </PageHero>
      {children}
      <CallToAction id={closing.id} title={closing.title} text={closing.text}>
        <Actions actions={[closing.apply, learnMoreInFaq]} onBand />
      </CallToAction>
    </>
  );
}
