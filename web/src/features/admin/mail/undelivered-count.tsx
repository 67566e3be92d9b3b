/**
 * The dashboard's count of undelivered e-mail, on its own so the dashboard's layout
 * stays as it is: nothing while every message went out, else a warning linking to the list.
 */
import { Alert, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useUndelivered } from './mail-api';
import { countOf } from '../../../lib/count-of';

export function UndeliveredMailCount() {
  const { data } = useUndelivered();
  if (!data || data.failed + data.waiting === 0) return null;
  const parts = [
    data.failed > 0 ? `${countOf(data.failed, 'e-mail')} not delivered` : null,
    data.waiting > 0 ? `${countOf(data.waiting, 'e-mail')} waiting to be retried` : null,
  ].filter(Boolean);
  return (
    <Alert.Root status={data.failed > 0 ? 'error' : 'warning'} data-testid="undelivered-count">
      <Alert.Indicator aria-hidden />
      <Alert.Content>
        <Alert.Title>{parts.join(', ')}</Alert.Title>
        <Alert.Description>
          <ChakraLink asChild textDecoration="underline" fontWeight="medium">
            <Link to={paths.admin.mail}>See undelivered e-mail</Link>
          </ChakraLink>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
