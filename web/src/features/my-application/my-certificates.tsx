/**
 * My application's certificates: each certificate of recognition of the signed-in
 * participant, with its PDF (GET /api/me/certificates/:id/pdf, signed in), the public page that
 * verifies it, and the final survey (three questions, answered once; private to coordinators).
 * Shows nothing until the participant has a certificate. Mounted on My application with one line.
 */
import { AlertText, StatusText } from '../../components/layout/narrow-page';
import { Box, Button, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  formatDay,
  SESSIONS_PER_PAIR,
  SURVEY_IMPROVE_MAX,
  SURVEY_LABELS,
  SURVEY_MESSAGES,
  surveySchema,
  type MyCertificate,
} from '@mentorship/domain';
import { SelectField, TextareaField } from '../../components/form';
import { paths } from '../../config/paths';
import { ApiRequestError, messageOf } from '../../lib/api-client';
import {
  answerCertificateSurvey,
  downloadCertificatePdf,
  listMyCertificates,
} from './my-application-api';
import { useAttempt, useLoaded } from './use-request';

const RATING_OPTIONS = [
  { value: '5', label: '5: excellent' },
  { value: '4', label: '4: good' },
  { value: '3', label: '3: fair' },
  { value: '2', label: '2: disappointing' },
  { value: '1', label: '1: poor' },
];
const RECOMMEND_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

function Survey({ certificate, onDone }: { certificate: MyCertificate; onDone: () => void }) {
  const [message, setMessage] = useState('');
  const prefix = `survey-${certificate.id}-`;
  return (
    <Formik
      initialValues={{ rating: '', wouldRecommend: '', improve: '' }}
      validationSchema={surveySchema}
      onSubmit={async (values, helpers) => {
        setMessage('');
        try {
          await answerCertificateSurvey(certificate.id, {
            ...values,
            rating: Number(values.rating),
          });
          onDone();
        } catch (error) {
          if (error instanceof ApiRequestError) helpers.setErrors(error.fields);
          setMessage(messageOf(error));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-labelledby={`${prefix}heading`}>
          <Stack gap="3" maxW="lg">
            <Heading as="h4" id={`${prefix}heading`} fontSize="md" color="gray.900">
              Final survey
            </Heading>
            <SelectField
              name="rating"
              id={`${prefix}rating`}
              label={SURVEY_LABELS.rating}
              options={RATING_OPTIONS}
              placeholder="Choose a rating"
              required
            />
            <SelectField
              name="wouldRecommend"
              id={`${prefix}recommend`}
              label={SURVEY_LABELS.wouldRecommend}
              options={RECOMMEND_OPTIONS}
              placeholder="Choose an answer"
              required
            />
            <TextareaField
              name="improve"
              id={`${prefix}improve`}
              label={SURVEY_LABELS.improve}
              maxLength={SURVEY_IMPROVE_MAX}
              rows={3}
            />
            <Button type="submit" loading={isSubmitting} alignSelf="start" variant="outline">
              Send my answers
            </Button>
            {message ? <AlertText>{message}</AlertText> : null}
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function CertificateCard({
  certificate,
  onSurveyDone,
}: {
  certificate: MyCertificate;
  onSurveyDone: () => void;
}) {
  const { failure, attempt } = useAttempt();
  const [thanks, setThanks] = useState('');
  return (
    <Stack borderWidth="1px" rounded="md" p="4" gap="3">
      <Heading as="h3" fontSize="md" color="gray.900">
        {certificate.cohortName}: {certificate.roleLabel}
      </Heading>
      <Text color="gray.800">
        {formatDay(certificate.programStart)} to {formatDay(certificate.programEnd)},{' '}
        {certificate.sessionsHeld} of {SESSIONS_PER_PAIR} sessions held. Issued on{' '}
        {formatDay(certificate.issuedOn)}.
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button
          variant="outline"
          onClick={() => attempt(() => downloadCertificatePdf(certificate.id))}
        >
          Download my certificate (PDF)
        </Button>
        <ChakraLink asChild color="blue.800" textDecoration="underline">
          <Link to={paths.certificate(certificate.id)}>Public verification page</Link>
        </ChakraLink>
      </HStack>
      <Text color="gray.800" fontSize="sm">
        Certificate id: {certificate.id}
      </Text>
      {failure ? <AlertText>{failure}</AlertText> : null}
      {certificate.surveyAnswered ? (
        <StatusText>{thanks || SURVEY_MESSAGES.answered}</StatusText>
      ) : (
        <Survey
          certificate={certificate}
          onDone={() => {
            setThanks(SURVEY_MESSAGES.thanks);
            onSurveyDone();
          }}
        />
      )}
    </Stack>
  );
}

export function MyCertificates() {
  const { data: certificates, setData: setCertificates, failure } = useLoaded(listMyCertificates);

  if (failure) {
    return <AlertText>{failure}</AlertText>;
  }
  if (!certificates || certificates.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="your-certificates" borderWidth="1px" rounded="xl" p="6">
      <Stack gap="4">
        <Heading as="h2" id="your-certificates" fontSize="xl" color="gray.900">
          Your certificates
        </Heading>
        <Text color="gray.800">
          Thank you for completing the program. Download your certificate of recognition; anyone can
          check it by its id on its public page.
        </Text>
        {certificates.map((certificate) => (
          <CertificateCard
            key={certificate.id}
            certificate={certificate}
            onSurveyDone={() =>
              setCertificates((list) =>
                (list ?? []).map((c) =>
                  c.id === certificate.id ? { ...c, surveyAnswered: true } : c,
                ),
              )
            }
          />
        ))}
      </Stack>
    </Box>
  );
}
