import { site } from '../../config/site';

interface PageMetaProps {
  /** Page name; the program name is appended. Omit on the home page. */
  title?: string;
  description: string;
}

/**
 * The page's document title and description. React 19 hoists <title> and <meta> into <head>,
 * both when rendering in the browser and when prerendering.
 */
export function PageMeta({ title, description }: PageMetaProps) {
  const fullTitle = title
    ? `${title} | ${site.name}`
    : `${site.name}: free mentorship for university students`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
    </>
  );
}

/** What every admin screen's document title ends with. */
export const ADMIN_TITLE_SUFFIX = `${site.shortName} admin`;

/**
 * An admin screen's document title, most specific first, joined with " · ", e.g.
 * `['Kim Board', 'Student']` gives "Kim Board · Student · Bridge Mentorship admin". Every admin
 * screen (and each of its loading and error states) renders exactly one, so browser tabs,
 * history and screen readers tell the screens apart (WCAG 2.4.2).
 */
export function AdminPageMeta({ title }: { title: string | readonly string[] }) {
  const parts = typeof title === 'string' ? [title] : title;
  return (
    <>
      <title>{[...parts, ADMIN_TITLE_SUFFIX].join(' · ')}</title>
      <meta name="description" content={`The coordinators' area of the ${site.name}.`} />
    </>
  );
}
