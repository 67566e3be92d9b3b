/**
 * Create and Edit of either kind, one page: the kind (kinds.ts) gives the name, the fields, the
 * requests and the toasts. Editing loads the record first (loading, not found, failed states).
 */
import { Heading, Stack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { CohortField } from '../../../components/cohorts/cohort-picker';
import { FormFields } from '../../../components/form';
import { AdminPageMeta } from '../../../components/layout/page-meta';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { invalidateAdminData } from '../api/query-keys';
import { AdminForm, BackToDashboard, FormSection } from './admin-form';
import { formValuesOf, type PersonFormKind, type PersonFormValues } from './kinds';
import { isNotFound, LoadingRecord, RecordLoadError, RecordNotFound } from './person-states';

type Person = { id: string; fullName: string };

export function PersonFormPage<Rec extends Person>({
  kind,
  mode,
}: {
  kind: PersonFormKind<Rec>;
  mode: 'create' | 'edit';
}) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const editing = mode === 'edit';
  const record = useQuery({
    queryKey: kind.queryKey(id),
    queryFn: () => kind.get(id),
    enabled: editing,
  });
  const name = kind.label.toLowerCase();

  if (editing && record.isPending) return <LoadingRecord text={`Loading ${name} data...`} />;
  if (editing && record.isError && !isNotFound(record.error)) {
    return <RecordLoadError onRetry={() => void record.refetch()} />;
  }
  if (editing && !record.data) return <RecordNotFound text={`${kind.label} not found`} />;

  const title = `${editing ? 'Edit' : 'Create'} ${kind.label}`;
  const save = async (values: PersonFormValues) => {
    await (editing ? kind.update(id, values) : kind.create(values));
    await invalidateAdminData(client);
    showToast(editing ? kind.toasts.updated : kind.toasts.created, 'success');
    navigate(paths.admin.dashboard);
  };
  const initialValues = record.data ? formValuesOf(kind, record.data) : kind.blank;
  const lastSection = kind.sections.length - 1;

  return (
    <Stack gap="6">
      <BackToDashboard />
      <AdminPageMeta title={record.data ? [record.data.fullName, title] : title} />
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <AdminForm<PersonFormValues>
        key={record.data?.id}
        initialValues={initialValues}
        schema={kind.schema}
        requiredFields={kind.requiredFields}
        submitLabel={`${editing ? 'Update' : 'Create'} ${kind.label}`}
        pendingLabel={editing ? 'Updating...' : 'Creating...'}
        failureToast={editing ? kind.toasts.updateFailed : kind.toasts.createFailed}
        save={save}
      >
        {kind.sections.map((section, index) => (
          <FormSection key={section.title} title={section.title}>
            <FormFields
              fields={section.fields}
              gap="2"
              after={
                index === lastSection ? (
                  <CohortField editing={Boolean(initialValues.cohortId)} />
                ) : undefined
              }
            />
          </FormSection>
        ))}
      </AdminForm>
    </Stack>
  );
}
