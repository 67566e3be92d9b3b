import { Heading } from '@chakra-ui/react';

// Scaffold: replaced by the matching issue (whole-cohort proposal).
export default function Page() {
  return (
    <Heading as="h1" size="2xl" p="8">
      Suggest matches
    </Heading>
  );
}
