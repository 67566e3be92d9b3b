import { Heading, Stack } from '@chakra-ui/react';
import { TOASTS } from '@mentorship/domain';
import { useNavigate, useParams } from 'react-router-dom';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { useStudent } from '../api/get-student';
import { useUpdateStudent } from '../api/update-student';
import { BackToDashboard } from './admin-form';
import { isNotFound, LoadingRecord, RecordLoadError, RecordNotFound } from './person-states';
import { StudentForm, studentToForm } from './student-form';
import { AdminPageMeta } from '../../../components/layout/page-meta';

export default function EditStudentPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const record = useStudent(id);
  const update = useUpdateStudent();

  if (record.isPending) return <LoadingRecord text="Loading student data..." />;
  if (record.isError && !isNotFound(record.error)) {
    return <RecordLoadError onRetry={() => void record.refetch()} />;
  }
  if (!record.data) return <RecordNotFound text="Student not found" />;

  return (
    <Stack gap="6">
      <BackToDashboard />
      <AdminPageMeta title={[record.data.fullName, 'Edit Student']} />
      <Heading as="h1" size="2xl">
        Edit Student
      </Heading>
      <StudentForm
        key={record.data.id}
        initialValues={studentToForm(record.data)}
        submitLabel="Update Student"
        pendingLabel="Updating..."
        failureToast={TOASTS.updateStudentFailed}
        save={async (input) => {
          await update.mutateAsync({ id, input });
          showToast(TOASTS.studentUpdated, 'success');
          navigate(paths.admin.dashboard);
        }}
      />
    </Stack>
  );
}
