/**
 * Undelivered e-mail (`/admin/mail`): messages the outbox stopped trying (refused for
 * good, interrupted mid-send, or still failing after 3 days) and messages waiting longer than
 * MAIL_DELAY_SHOWN_AFTER_MINUTES for the mail server: who it was for, which moment, why and
 * since when. Never the message itself. "Send again" writes a copy (audited) that goes out at once.
 */
import { Badge, Button, Text } from '@chakra-ui/react';
import { Table } from '@chakra-ui/react';
import {
  MAIL_DELAY_SHOWN_AFTER_MINUTES,
  MAIL_FAILURE_TEXT,
  MAIL_TOASTS,
  mailKindLabel,
  type UndeliveredMail,
} from '@mentorship/domain';
import { showToast } from '../../../components/ui/toaster';
import { showFailure } from '../api/error-toast';
import { PersonLink } from '../components/person-link';
import { RegionTable } from '../components/region-table';
import { formatTime } from '../dashboard/list-parts';
import { useResend, useUndelivered } from './mail-api';
import { QueryResult } from '../components/query-result';
import { AdminPage } from '../../../components/layout/admin-page';
import { countOf } from '../../../lib/count-of';

function Row({ mail }: { mail: UndeliveredMail }) {
  const resend = useResend();
  const failed = mail.status === 'failed';
  const label = mailKindLabel(mail.kind);
  return (
    <Table.Row data-testid="undelivered-row">
      <Table.Cell>
        <Text>{label}</Text>
        {mail.person ? (
          <Text fontSize="sm">
            About{' '}
            <PersonLink
              kind={mail.person.kind}
              id={mail.person.id}
              name={`this ${mail.person.kind}`}
            />
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell wordBreak="break-all">{mail.to.join(', ')}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={failed ? 'red' : 'orange'}>
          {failed ? 'Not delivered' : 'Waiting'}
        </Badge>
        <Text fontSize="sm" mt="1">
          {mail.failure ? MAIL_FAILURE_TEXT[mail.failure] : 'Waiting behind earlier messages.'}
        </Text>
        {mail.serverAnswer ? (
          <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
            {`Server: ${mail.serverAnswer}`}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <Text>{formatTime(mail.since)}</Text>
        <Text fontSize="sm" color="fg.muted">
          {countOf(mail.attempts, 'attempt')}
          {mail.nextAttemptAt ? ` · next ${formatTime(mail.nextAttemptAt)}` : ''}
        </Text>
      </Table.Cell>
      <Table.Cell>
        {failed ? (
          <Button
            size="xs"
            variant="outline"
            loading={resend.isPending}
            aria-label={`Send again: ${label} to ${mail.to.join(', ')}`}
            // mutateAsync, not mutate's callbacks: the row leaves the list (and unmounts) when
            // the list is fetched again after the send, before per-call callbacks would run.
            onClick={async () => {
              try {
                await resend.mutateAsync(mail.id);
                showToast(MAIL_TOASTS.resent, 'success');
              } catch (error) {
                showFailure(MAIL_TOASTS.resendFailed, error);
              }
            }}
          >
            Send again
          </Button>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}

export default function UndeliveredPage() {
  const list = useUndelivered();
  return (
    <AdminPage title="Undelivered e-mail" heading="Undelivered e-mail">
      <Text color="fg.muted">
        {`E-mails the mail server refused, or that have waited more than ${MAIL_DELAY_SHOWN_AFTER_MINUTES} minutes for it. Waiting e-mails are retried by themselves for 3 days, in the order they were written.`}
      </Text>
      <QueryResult query={list} what="undelivered e-mail">
        {(data) =>
          data.messages.length === 0 ? (
            <Text role="status">Every e-mail went out.</Text>
          ) : (
            <RegionTable
              label="Undelivered e-mail"
              caption={`${data.failed} not delivered, ${data.waiting} waiting`}
              headers={['Message', 'To', 'Why', 'Since', 'Actions']}
            >
              {data.messages.map((mail) => (
                <Row key={mail.id} mail={mail} />
              ))}
            </RegionTable>
          )
        }
      </QueryResult>
    </AdminPage>
  );
}
