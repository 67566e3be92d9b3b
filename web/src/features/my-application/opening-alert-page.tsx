/**
 * Where the opening alert's confirmation e-mail links (`/my-application/opening-alert#token=...`,
 * in the fragment no server sees). Opening it (a GET, also a mail scanner's prefetch) changes
 * nothing: the person presses the button, and only that POST makes the alert one we send.
 */
import { Text } from '@chakra-ui/react';
import { tokenFromLocation } from '@mentorship/domain';
import { AnswerButtons, AnswerStatus } from '../../components/email-link/press-answer';
import { usePressAnswer } from '../../components/email-link/use-press-answer';
import { NarrowPage } from '../../components/layout/narrow-page';
import { confirmOpeningAlert } from './email-link-api';

export default function OpeningAlertPage() {
  const token = tokenFromLocation(window.location);
  const { pending, outcome, press } = usePressAnswer<'confirm'>();
  const confirm = () => press('confirm', () => confirmOpeningAlert(token));
  return (
    <NarrowPage
      title="Tell me when applications open"
      description="Confirm that we may e-mail you once when applications open."
    >
      <Text color="gray.800">
        Press the button to confirm that we may e-mail this address once when applications open.
        Nothing is kept as wanted until you do.
      </Text>
      {outcome?.ok ? null : (
        <AnswerButtons
          choices={[{ value: 'confirm', label: 'Yes, e-mail me when applications open' }]}
          pending={pending}
          onPress={() => void confirm()}
        />
      )}
      <AnswerStatus outcome={outcome} testId="opening-alert-answer" />
    </NarrowPage>
  );
}
