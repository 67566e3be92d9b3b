import { Heading, Stack } from '@chakra-ui/react';
import { TOASTS } from '@mentorship/domain';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { useCreateMentor } from '../api/create-mentor';
import { BackToDashboard } from './admin-form';
import { emptyMentor, MentorForm } from './mentor-form';
import { AdminPageMeta } from '../../../components/layout/page-meta';

export default function CreateMentorPage() {
  const navigate = useNavigate();
  const create = useCreateMentor();
  return (
    <Stack gap="6">
      <BackToDashboard />
      <AdminPageMeta title={'Create Mentor'} />
      <Heading as="h1" size="2xl">
        Create Mentor
      </Heading>
      <MentorForm
        initialValues={emptyMentor}
        submitLabel="Create Mentor"
        pendingLabel="Creating..."
        failureToast={TOASTS.createMentorFailed}
        save={async (input) => {
          await create.mutateAsync(input);
          showToast(TOASTS.mentorCreated, 'success');
          navigate(paths.admin.dashboard);
        }}
      />
    </Stack>
  );
}
