import { Heading, Stack, Text } from '@chakra-ui/react';
import { NOT_FOUND_TEXT } from '@mentorship/domain';
import { PageContainer } from '../../../components/layout/page-container';
import { PageMeta } from '../../../components/layout/page-meta';
import { paths } from '../../../config/paths';
import { ButtonLink } from '../components/blocks';

export default function NotFoundPage() {
  return (
    <>
      <PageMeta title="Page not found" description="The page you asked for does not exist." />
      <PageContainer narrow>
        <Stack gap="4" py="20" align="flex-start">
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} color="gray.900">
            {NOT_FOUND_TEXT.heading}
          </Heading>
          <Text fontSize="lg" color="gray.800">
            {NOT_FOUND_TEXT.hint}
          </Text>
          <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
        </Stack>
      </PageContainer>
    </>
  );
}
