/**
 * On a person's page: the e-mails about their record that did not go out (e.g. an applicant
 * whose confirmation bounced), with the reason and since when. Nothing otherwise.
 */
import { Alert, Link as ChakraLink, List } from '@chakra-ui/react';
import { MAIL_FAILURE_TEXT, mailKindLabel } from '@mentorship/domain';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatTime } from '../dashboard/list-parts';
import { useUndelivered } from './mail-api';

export function PersonMailNotice({ recordId }: { recordId: string }) {
  const { data } = useUndelivered(recordId);
  if (!data || data.messages.length === 0) return null;
  const failed = data.failed > 0;
  return (
    <Alert.Root status={failed ? 'error' : 'warning'} data-testid="person-mail-notice">
      <Alert.Indicator aria-hidden />
      <Alert.Content>
        <Alert.Title>
          {failed
            ? 'An e-mail to this person was not delivered'
            : 'An e-mail to this person is delayed'}
        </Alert.Title>
        <Alert.Description>
          <List.Root ps="4">
            {data.messages.map((m) => (
              <List.Item key={m.id}>
                {`${mailKindLabel(m.kind)}: ${m.failure ? MAIL_FAILURE_TEXT[m.failure] : 'Waiting.'} Since ${formatTime(m.since)}.`}
              </List.Item>
            ))}
          </List.Root>
          <ChakraLink asChild textDecoration="underline" fontWeight="medium">
            <Link to={paths.admin.mail}>Undelivered e-mail</Link>
          </ChakraLink>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
