import { Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A card that is a section of an admin screen: named `label`, an h2, a line under it, a body. */
export function CardSection({
  label,
  heading = label,
  size,
  subtitle,
  children,
}: {
  /** The section's accessible name. */
  label: string;
  /** The h2's text (default: the label). */
  heading?: string;
  size: 'md' | 'lg';
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-label={label}>
      <Card.Header>
        <Heading as="h2" size={size}>
          {heading}
        </Heading>
        {subtitle === undefined ? null : (
          <Text fontSize="sm" color="fg.muted">
            {subtitle}
          </Text>
        )}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
