import { Button, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

export interface RouterButtonProps extends Omit<ButtonProps, 'asChild' | 'type' | 'children'> {
  /** Where the link goes (a path inside the app). */
  to: LinkProps['to'];
  /** Passed to the router link (e.g. `{ replace: true }`, `state`). */
  linkProps?: Omit<LinkProps, 'to' | 'children'>;
  children: ReactNode;
}

/**
 * A router link styled as a button. Chakra's `<Button asChild>` passes its default
 * `type="button"` on to the child, and `<a type="button">` is invalid HTML (a link's `type` is a
 * MIME type) that some screen readers announce oddly: this drops it. Use it for every
 * button-looking link to another page; keep `<Button>` for actions.
 */
export function RouterButton({ to, linkProps, children, ...buttonProps }: RouterButtonProps) {
  return (
    <Button asChild type={undefined} {...buttonProps}>
      <Link to={to} {...linkProps}>
        {children}
      </Link>
    </Button>
  );
}
