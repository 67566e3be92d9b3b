/**
 * Session guides (`/admin/guides`): the four program months' guides, each with its
 * suggested topics (from the program's mentoring topics) and its questions, one per line. A month
 * nobody edited shows the program's default; saving stores the month's own guide, "Use the
 * default" goes back. Pairs see the guides on My application and with their check-ins. Errors
 * are shown on their field (the domain's sessionGuideSchema, here and on the server).
 */
import { Badge, Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  GUIDE_MESSAGES,
  MENTORING_TOPICS,
  formatDate,
  sessionGuideSchema,
  type SessionGuide,
  type SessionGuidesResponse,
} from '@mentorship/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { ValidationError } from 'yup';
import { TextareaField, ToggleGroupField } from '../../../components/form';
import { StatusText } from '../../../components/layout/narrow-page';
import { ApiRequestError, messageOf } from '../../../lib/api-client';
import { getSessionGuides, resetSessionGuide, saveSessionGuide } from '../api/session-guides';
import { QueryResult } from '../components/query-result';
import { AdminPage } from '../../../components/layout/admin-page';

const guidesKey = ['admin', 'session-guides'] as const;

interface Values {
  topics: string[];
  /** One question per line. */
  questions: string;
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** Field errors by form field: `topics[0]` and `questions[2]` belong to their list. */
function byField(fields: Record<string, string>): Partial<Record<keyof Values, string>> {
  const out: Partial<Record<keyof Values, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const key = path.startsWith('topics')
      ? 'topics'
      : path.startsWith('questions')
        ? 'questions'
        : null;
    if (key) out[key] ??= message;
  }
  return out;
}

async function validate(values: Values) {
  try {
    await sessionGuideSchema.validate(
      { topics: values.topics, questions: linesOf(values.questions) },
      { abortEarly: false },
    );
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) return {};
    const fields: Record<string, string> = {};
    for (const item of error.inner) if (item.path) fields[item.path] ??= item.message;
    return byField(fields);
  }
}

function GuideForm({ guide }: { guide: SessionGuide }) {
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  const [resetting, setResetting] = useState(false);
  const headingId = `guide-month-${guide.month}`;
  const save = (guides: SessionGuide[]) =>
    client.setQueryData<SessionGuidesResponse>(guidesKey, { guides });
  const reset = async () => {
    setResetting(true);
    setMessage('');
    try {
      const res = await resetSessionGuide(guide.month);
      save(res.guides);
      setMessage(GUIDE_MESSAGES.reset(guide.month));
    } catch (error) {
      setMessage(messageOf(error));
    } finally {
      setResetting(false);
    }
  };
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" rounded="xl" p="5">
      <Formik<Values>
        enableReinitialize
        initialValues={{ topics: guide.topics, questions: guide.questions.join('\n') }}
        validate={validate}
        onSubmit={async (values, helpers) => {
          setMessage('');
          try {
            const res = await saveSessionGuide(guide.month, {
              topics: values.topics,
              questions: linesOf(values.questions),
            });
            save(res.guides);
            setMessage(GUIDE_MESSAGES.saved(guide.month));
          } catch (error) {
            if (error instanceof ApiRequestError) helpers.setErrors(byField(error.fields));
            setMessage(messageOf(error));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-labelledby={headingId}>
            <Stack gap="4">
              <HStack gap="3" flexWrap="wrap">
                <Heading as="h2" id={headingId} fontSize="lg" color="gray.900">
                  Month {guide.month}
                </Heading>
                {guide.updatedAt ? (
                  <Badge colorPalette="blue">Edited {formatDate(guide.updatedAt)}</Badge>
                ) : (
                  <Badge colorPalette="gray">The program&apos;s default</Badge>
                )}
              </HStack>
              <ToggleGroupField
                name="topics"
                inputName={`month-${guide.month}-topics`}
                id={`guide-${guide.month}-topics`}
                label={`Suggested topics for month ${guide.month}`}
                helperText="Up to 5, from the program's mentoring topics."
                options={MENTORING_TOPICS}
                required
              />
              <TextareaField
                name="questions"
                id={`guide-${guide.month}-questions`}
                label={`Questions for month ${guide.month} (one per line)`}
                helperText="Up to 6 questions that open the month's session."
                rows={5}
                required
              />
              <HStack gap="3" flexWrap="wrap">
                <Button type="submit" colorPalette="blue" loading={isSubmitting}>
                  Save month {guide.month}
                </Button>
                {guide.updatedAt ? (
                  <Button variant="outline" loading={resetting} onClick={() => void reset()}>
                    Use the default
                  </Button>
                ) : null}
              </HStack>
              <StatusText>{message}</StatusText>
            </Stack>
          </Form>
        )}
      </Formik>
    </Box>
  );
}

export default function GuidesPage() {
  const query = useQuery({
    queryKey: guidesKey,
    queryFn: getSessionGuides,
  });
  return (
    <AdminPage
      title="Session guides"
      heading="Session guides"
      intro={
        <Text color="gray.800" mt="2" maxW="3xl">
          One guide for each month of the program: suggested topics and a few questions. Pairs see
          them on My application, the current month open, and receive each month&apos;s guide with
          the check-in before it.
        </Text>
      }
    >
      <QueryResult query={query} what="session guides" detail={messageOf}>
        {(data) => (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
            {data.guides.map((guide) => (
              <GuideForm key={guide.month} guide={guide} />
            ))}
          </SimpleGrid>
        )}
      </QueryResult>
    </AdminPage>
  );
}
