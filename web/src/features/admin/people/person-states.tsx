/** A person's record loading on the person's page and the Edit pages, and what shows until it is in. */
import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RouterButton } from '../../../components/ui/router-button';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { AdminPageMeta } from '../../../components/layout/page-meta';

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

function LoadingRecord({ text }: { text: string }) {
  return (
    <>
      <AdminPageMeta title={text.replace(/\.+$/, '')} />
      <Text role="status" py="12" textAlign="center">
        {text}
      </Text>
    </>
  );
}

function RecordNotFound({ text }: { text: string }) {
  return (
    <Stack gap="4" align="center" py="12">
      <AdminPageMeta title={text} />
      <Heading as="h1" size="xl">
        {text}
      </Heading>
      <RouterButton colorPalette="blue" to={paths.admin.dashboard}>
        Back to Dashboard
      </RouterButton>
    </Stack>
  );
}

function RecordLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert.Root status="error" my="6">
      <AdminPageMeta title="The record could not be loaded" />
      <Alert.Indicator aria-hidden />
      <Alert.Content>
        <Alert.Title>The record could not be loaded.</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}

/**
 * "Loading student data...", "Mentor not found" (a 404) or the load error with Try again; then
 * what `children` makes of the record.
 */
export function PersonRecord<R>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<R>;
  label: 'Student' | 'Mentor';
  children: (record: R) => ReactNode;
}) {
  if (query.isPending) return <LoadingRecord text={`Loading ${label.toLowerCase()} data...`} />;
  if (query.isError && !isNotFound(query.error)) {
    return <RecordLoadError onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <RecordNotFound text={`${label} not found`} />;
  return children(query.data);
}
