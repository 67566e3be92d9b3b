/** A person's name as a link to their page (from a dashboard row, a pair, the history). */
import { Link as ChakraLink } from '@chakra-ui/react';
import type { PersonKind } from '@mentorship/domain';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

export function PersonLink({ kind, id, name }: { kind: PersonKind; id: string; name: string }) {
  return (
    <ChakraLink asChild color="fg" fontWeight="medium" textDecoration="underline">
      <Link to={kind === 'student' ? paths.admin.student(id) : paths.admin.mentor(id)}>{name}</Link>
    </ChakraLink>
  );
}
