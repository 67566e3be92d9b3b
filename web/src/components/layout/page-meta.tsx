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
