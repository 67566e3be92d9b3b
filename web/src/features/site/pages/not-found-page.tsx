import { Box, Heading, Text } from '@chakra-ui/react';
import { NOT_FOUND_TEXT } from '@mentorship/domain';

export default function NotFoundPage() {
  return (
    <Box px="6" py="16" maxW="2xl" mx="auto">
      <Heading as="h1" size="2xl" mb="4">
        {NOT_FOUND_TEXT.heading}
      </Heading>
      <Text>{NOT_FOUND_TEXT.hint}</Text>
    </Box>
  );
}
