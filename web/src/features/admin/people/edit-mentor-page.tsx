import { Heading, Stack } from '@chakra-ui/react';
import { TOASTS } from '@mentorship/domain';
import { useNavigate, useParams } from 'react-router-dom';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { useMentor } from '../api/get-mentor';
import { useUpdateMentor } from '../api/update-mentor';
import { BackToDashboard } from './admin-form';
import { isNotFound, LoadingRecord, RecordLoadError, RecordNotFound } from './person-states';
import { MentorForm, mentorToForm } from './mentor-form';
import { AdminPageMeta } from '../../../components/layout/page-meta';

export default function EditMentorPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const record = useMentor(id);
  const update = useUpdateMentor();

  if (record.isPending) return <LoadingRecord text="Loading mentor data..." />;
  if (record.isError && !isNotFound(record.error)) {
    return <RecordLoadError onRetry={() => void record.refetch()} />;
  }
  if (!record.data) return <RecordNotFound text="Mentor not found" />;

  return (
    <Stack gap="6">
      <BackToDashboard />
      <AdminPageMeta title={[record.data.fullName, 'Edit Mentor']} />
      <Heading as="h1" size="2xl">
        Edit Mentor
      </Heading>
      <MentorForm
        key={record.data.id}
        initialValues={mentorToForm(record.data)}
        submitLabel="Update Mentor"
        pendingLabel="Updating..."
        failureToast={TOASTS.updateMentorFailed}
        save={async (input) => {
          await update.mutateAsync({ id, input });
          showToast(TOASTS.mentorUpdated, 'success');
          navigate(paths.admin.dashboard);
        }}
      />
    </Stack>
  );
}
