import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { RouterButton } from '../../../components/ui/router-button';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { AdminPageMeta } from '../../../components/layout/page-meta';

export const isNotFound = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 404;

export function LoadingRecord({ text }: { text: string }) {
  return (
    <>
      <AdminPageMeta title={text.replace(/\.+$/, '')} />
      <Text role="status" py="12" textAlign="center">
        {text}
      </Text>
    </>
  );
}

export function RecordNotFound({ text }: { text: string }) {
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

export function RecordLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert.Root status="error" my="6">
      <AdminPageMeta title="The record could not be loaded" />
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The record could not be loaded.</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}
