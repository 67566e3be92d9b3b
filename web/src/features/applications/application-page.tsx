/**
 * The application page of either kind: its meta, the wizard (application-wizard.tsx) and the
 * success screen, all from the kind's Application (applications.ts).
 */
import { HStack, List, Text } from '@chakra-ui/react';
import { RouterButton } from '../../components/ui/router-button';
import { PageMeta } from '../../components/layout/page-meta';
import { ApplicationWizard } from './application-wizard';
import type { Application, SuccessScreen } from './applications';
import { ConfirmLinkSent } from './confirm-link-sent';
import { StepCard, SuccessHeading } from './wizard-parts';

function Success({ screen }: { screen: SuccessScreen }) {
  return (
    <StepCard>
      <SuccessHeading>{screen.heading}</SuccessHeading>
      <Text>{screen.text}</Text>
      <ConfirmLinkSent />
      {screen.next ? (
        <>
          <Text as="h3" fontSize="lg" fontWeight="semibold">
            What happens next
          </Text>
          <List.Root as="ol" ps="5" gap="2">
            {screen.next.map(([name, text]) => (
              <List.Item key={name}>
                <strong>{name}</strong>
                {` ${text}`}
              </List.Item>
            ))}
          </List.Root>
        </>
      ) : null}
      <HStack gap="3" wrap="wrap">
        {screen.links.map((link, index) =>
          index === 0 ? (
            <RouterButton
              key={link.to}
              colorPalette="blue"
              bg="blue.700"
              _hover={{ bg: 'blue.800' }}
              to={link.to}
            >
              {link.label}
            </RouterButton>
          ) : (
            <RouterButton key={link.to} variant="outline" to={link.to}>
              {link.label}
            </RouterButton>
          ),
        )}
      </HStack>
    </StepCard>
  );
}

export function ApplicationPage({ application }: { application: Application }) {
  return (
    <>
      <PageMeta title={application.title} description={application.description} />
      <ApplicationWizard
        application={application}
        success={<Success screen={application.success} />}
      />
    </>
  );
}
