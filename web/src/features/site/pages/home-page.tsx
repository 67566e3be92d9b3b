import { Box, Button, Heading, HStack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';

export default function HomePage() {
  return (
    <Box px="6" py="16" maxW="4xl" mx="auto">
      <Heading as="h1" size="4xl" mb="4">
        {site.name}
      </Heading>
      <Text fontSize="xl" mb="8">
        {site.tagline}
      </Text>
      <HStack gap="4">
        <Button asChild>
          <Link to={paths.registerStudent}>Apply as Student</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.registerMentor}>Become a Mentor</Link>
        </Button>
      </HStack>
    </Box>
  );
}
