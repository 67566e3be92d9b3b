import { Heading } from '@chakra-ui/react';

// Scaffold: replaced by the feature's issue.
export default function Page() {
  return (
    <Heading as="h1" size="2xl" p="8">
      Apply as a Student
    </Heading>
  );
}
