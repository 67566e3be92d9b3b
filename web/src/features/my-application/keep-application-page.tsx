/**
 * Where the carry-forward e-mail links (`/my-application/keep#token=...`, in the fragment no server sees). Opening it (a GET,
 * also a mail scanner's prefetch) changes nothing: the person presses the button, and only that
 * POST keeps their application for the next cohort, once.
 */
import { Text } from '@chakra-ui/react';
import { tokenFromLocation } from '@mentorship/domain';
import { AnswerButtons, AnswerStatus } from '../../components/email-link/press-answer';
import { usePressAnswer } from '../../components/email-link/use-press-answer';
import { NarrowPage } from '../../components/layout/narrow-page';
import { keepApplication } from './email-link-api';

export default function KeepApplicationPage() {
  const token = tokenFromLocation(window.location);
  const { pending, outcome, press } = usePressAnswer<'keep'>();
  const keep = () => press('keep', () => keepApplication(token));
  return (
    <NarrowPage
      title="Keep my application"
      description="Keep your mentorship application for the next cohort."
    >
      <Text color="gray.800">
        Press the button to keep your application for the next cohort. Nothing changes until you do.
      </Text>
      {outcome?.ok ? null : (
        <AnswerButtons
          choices={[{ value: 'keep', label: 'Yes, keep my application' }]}
          pending={pending}
          onPress={() => void keep()}
        />
      )}
      <AnswerStatus outcome={outcome} testId="keep-answer" />
    </NarrowPage>
  );
}
