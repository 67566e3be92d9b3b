/**
 * Every answer of a person's application, read-only, in the wizard's sections, order and labels
 * (the domain's application-fields). Empty answers say so rather than disappear.
 */
import { Box, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import {
  MENTOR_LABELS,
  MENTOR_SECTIONS,
  STUDENT_LABELS,
  STUDENT_SECTIONS,
  isListedTimeZone,
  mailtoHref,
  timeZoneLabel,
  type MentorRecord,
  type StudentRecord,
} from '@mentorship/domain';
import { Fragment, type ReactNode } from 'react';

const URL_FIELDS = new Set(['linkedinUrl']);
const EMAIL_FIELDS = new Set(['emailAddress', 'email', 'professorEmail']);
// Lists a person chooses from; a student's empty choice is stored as null.
const LIST_FIELDS = new Set(['preferredDisciplines', 'mentoringTopics', 'availability', 'skills']);

const Missing = ({ children = 'Not answered' }: { children?: string }) => (
  <Text as="span" color="fg.muted" fontStyle="italic">
    {children}
  </Text>
);

/** How one answer reads: lists joined, yes/no, addresses as links, blanks marked. */
export function formatAnswer(field: string, value: unknown): ReactNode {
  if (LIST_FIELDS.has(field) || Array.isArray(value)) {
    return Array.isArray(value) && value.length > 0 ? (
      value.join(', ')
    ) : (
      <Missing>None chosen</Missing>
    );
  }
  if (value === null || value === undefined || value === '') return <Missing />;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = String(value);
  // A listed zone with its offsets: "Asia/Tokyo (UTC+9)"; a mentor's free text as written.
  if (field === 'timeZone' && isListedTimeZone(text)) return timeZoneLabel(text);
  if (URL_FIELDS.has(field) && /^https?:\/\//i.test(text)) {
    return (
      <Link
        href={text}
        target="_blank"
        rel="noopener noreferrer"
        wordBreak="break-all"
        textDecoration="underline"
      >
        {text}
      </Link>
    );
  }
  if (EMAIL_FIELDS.has(field)) {
    return (
      <Link href={mailtoHref(text)} wordBreak="break-all" textDecoration="underline">
        {text}
      </Link>
    );
  }
  return (
    <Text as="span" whiteSpace="pre-wrap" wordBreak="break-word">
      {text}
    </Text>
  );
}

function Sections({
  sections,
  labels,
  record,
}: {
  sections: readonly { title: string; fields: readonly string[] }[];
  labels: Record<string, string>;
  record: Record<string, unknown>;
}) {
  return (
    <Stack gap="6">
      {sections.map((section) => (
        <Stack key={section.title} gap="3">
          <Heading as="h3" size="md">
            {section.title}
          </Heading>
          <Grid
            as="dl"
            templateColumns={{ base: '1fr', md: 'minmax(10rem, 2fr) 3fr' }}
            columnGap="4"
            rowGap={{ base: '1', md: '3' }}
          >
            {section.fields.map((field) => (
              <Fragment key={field}>
                <Box as="dt" color="fg.muted" fontSize="sm" pt={{ md: '0.5' }}>
                  {labels[field]}
                </Box>
                <Box as="dd" data-field={field} mb={{ base: '2', md: '0' }} minW="0">
                  {formatAnswer(field, record[field])}
                </Box>
              </Fragment>
            ))}
          </Grid>
        </Stack>
      ))}
    </Stack>
  );
}

export function ApplicationAnswers(
  props: { kind: 'student'; record: StudentRecord } | { kind: 'mentor'; record: MentorRecord },
) {
  const record = props.record as unknown as Record<string, unknown>;
  return props.kind === 'student' ? (
    <Sections sections={STUDENT_SECTIONS} labels={STUDENT_LABELS} record={record} />
  ) : (
    <Sections sections={MENTOR_SECTIONS} labels={MENTOR_LABELS} record={record} />
  );
}
