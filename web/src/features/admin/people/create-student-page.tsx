import { Heading, Stack } from '@chakra-ui/react';
import { TOASTS } from '@mentorship/domain';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { useCreateStudent } from '../api/create-student';
import { BackToDashboard } from './admin-form';
import { emptyStudent, StudentForm } from './student-form';
import { AdminPageMeta } from '../../../components/layout/page-meta';

export default function CreateStudentPage() {
  const navigate = useNavigate();
  const create = useCreateStudent();
  return (
    <Stack gap="6">
      <BackToDashboard />
      <AdminPageMeta title={'Create Student'} />
      <Heading as="h1" size="2xl">
        Create Student
      </Heading>
      <StudentForm
        initialValues={emptyStudent}
        submitLabel="Create Student"
        pendingLabel="Creating..."
        failureToast={TOASTS.createStudentFailed}
        save={async (input) => {
          await create.mutateAsync(input);
          showToast(TOASTS.studentCreated, 'success');
          navigate(paths.admin.dashboard);
        }}
      />
    </Stack>
  );
}
