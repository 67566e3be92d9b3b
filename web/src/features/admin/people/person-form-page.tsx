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
import { CardSection } from '../components/card-section';
import { AdminForm, BackToDashboard } from './admin-form';
import { formValuesOf, type PersonFormKind, type PersonFormValues } from './kinds';
import { PersonRecord } from './person-states';

type Person = { id: string; fullName: string; updatedAt: string };

export function PersonFormPage<Rec extends Person>({
  kind,
  mode,
}: {
  kind: PersonFormKind<Rec>;
  mode: 'create' | 'edit';
}) {
  const { id = '' } = useParams();
  const record = useQuery({
    queryKey: kind.queryKey(id),
    queryFn: () => kind.get(id),
    enabled: mode === 'edit',
  });
  if (mode === 'create') return <PersonForm kind={kind} />;
  return (
    <PersonRecord query={record} label={kind.label}>
      {(data) => <PersonForm kind={kind} record={data} />}
    </PersonRecord>
  );
}

/** The form, blank or with the record's values (editing). */
function PersonForm<Rec extends Person>({
  kind,
  record,
}: {
  kind: PersonFormKind<Rec>;
  record?: Rec;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const editing = record !== undefined;
  const title = `${editing ? 'Edit' : 'Create'} ${kind.label}`;
  const save = async (values: PersonFormValues) => {
    await (editing ? kind.update(record, values) : kind.create(values));
    await invalidateAdminData(client);
    showToast(editing ? kind.toasts.updated : kind.toasts.created, 'success');
    navigate(paths.admin.dashboard);
  };
  const initialValues = record ? formValuesOf(kind, record) : kind.blank;
  const lastSection = kind.sections.length - 1;

  return (
    <Stack gap="6">
      <BackToDashboard />
      <AdminPageMeta title={record ? [record.fullName, title] : title} />
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <AdminForm<PersonFormValues>
        key={record?.id}
        initialValues={initialValues}
        schema={kind.schema}
        requiredFields={kind.requiredFields}
        submitLabel={`${editing ? 'Update' : 'Create'} ${kind.label}`}
        pendingLabel={editing ? 'Updating...' : 'Creating...'}
        failureToast={editing ? kind.toasts.updateFailed : kind.toasts.createFailed}
        save={save}
      >
        {kind.sections.map((section, index) => (
          <CardSection key={section.title} label={section.title} size="lg">
            <FormFields
              fields={section.fields}
              gap="2"
              after={
                index === lastSection ? (
                  <CohortField editing={Boolean(initialValues.cohortId)} />
                ) : undefined
              }
            />
          </CardSection>
        ))}
      </AdminForm>
    </Stack>
  );
}
