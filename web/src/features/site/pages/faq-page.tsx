import { Box, Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { LineIcon } from '../../../components/ui/line-icon';
import { RouterButton } from '../../../components/ui/router-button';
import { PageContainer } from '../../../components/layout/page-container';
import { PageMeta } from '../../../components/layout/page-meta';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { ButtonRow, PageHero } from '../components/blocks';

export const faqItems = [
  {
    id: 'matching',
    question: 'How are students and mentors matched?',
    answer:
      'Our coordinators read every application and pair people by hand, based on the student’s career goals, field of study and the topics they want help with, and on each mentor’s industry, experience and preferences. Matching takes about two weeks after the application deadline, and both of you receive an introduction e-mail.',
  },
  {
    id: 'mentor-time',
    question: 'How much time does mentoring take?',
    answer:
      'One one-hour virtual session per month for four months, plus the occasional e-mail in between: about 6-8 hours in total, or 1-2 hours a month. You and your student choose session times that suit you both.',
  },
  {
    id: 'cost',
    question: 'Does it cost anything?',
    answer:
      'No. The program is 100% free for students and mentors. Mentors are volunteers, and no money changes hands between mentors and students at any point.',
  },
  {
    id: 'after-program',
    question: 'What happens after the four months?',
    answer:
      'The cohort ends with recognition for everyone who completed it and a networking event with the whole cohort. Many pairs choose to stay in touch afterwards; that is up to you both. Students can also recommend classmates for the next cohort.',
  },
  {
    id: 'international',
    question: 'Can international students apply?',
    answer:
      'Yes. Any current undergraduate or graduate student can apply, wherever they study and whatever their citizenship. Sessions are virtual, and we take your time zone into account when matching.',
  },
  {
    id: 'mentor-qualifications',
    question: 'What qualifications do mentors need?',
    answer:
      'At least three years of professional experience, strong communication skills and a genuine interest in helping students. Leadership experience is preferred but not required. Every mentor completes a 15-20 minute screening interview and an orientation before being matched.',
  },
  {
    id: 'student-selection',
    question: 'How are students selected?',
    answer:
      'Students are nominated by a faculty member, advisor or peer, then apply. Coordinators look for a nomination, a commitment to the full four months and clear career goals. Places depend on how many mentors are available in each field.',
  },
  {
    id: 'pairing-not-working',
    question: 'What if my pairing does not work out?',
    answer:
      'It happens, and it is nobody’s fault. Write to our coordinators: we will talk with you both and, where it helps, re-match you with another mentor or student as quickly as we can.',
  },
  {
    id: 'cohort-timing',
    question: 'When do cohorts start?',
    answer:
      'Every semester: Fall, Spring and Summer. Application deadlines are usually 4-6 weeks before a cohort starts, which leaves time for screening and matching.',
  },
  {
    id: 'support',
    question: 'What support does the program provide?',
    answer:
      'An orientation for mentors, session guides with suggested topics for each month, check-ins from a coordinator during the program, and a team you can write to at any time about scheduling, re-matching or concerns.',
  },
] as const;

/**
 * The questions as an accordion (WAI-ARIA pattern: a button with aria-expanded inside each h2,
 * controlling a labelled region): one open at a time, and the open one closes again. Before
 * hydration app/enhance.ts toggles the same attributes from the data-faq-* markers; on
 * hydration the list takes over whichever item was left open.
 */
function FaqList({
  items,
}: {
  items: readonly { id: string; question: string; answer: string }[];
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const groupRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const open = groupRef.current?.querySelector<HTMLElement>(
      '[data-faq-trigger][aria-expanded="true"]',
    );
    if (open?.dataset.faqTrigger) setOpenId(open.dataset.faqTrigger);
  }, []);
  return (
    <Box
      ref={groupRef}
      data-faq-group=""
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="md"
      overflow="hidden"
    >
      {items.map((item, index) => {
        const open = openId === item.id;
        const buttonId = `faq-${item.id}-question`;
        const panelId = `faq-${item.id}-answer`;
        return (
          <Box
            key={item.id}
            borderTopWidth={index === 0 ? undefined : '1px'}
            borderColor="gray.200"
          >
            <Heading as="h2" fontSize="md" fontWeight="semibold">
              <chakra.button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                data-faq-trigger={item.id}
                onClick={() => setOpenId(open ? null : item.id)}
                display="flex"
                alignItems="center"
                gap="3"
                w="full"
                py="4"
                px="4"
                textAlign="start"
                cursor="pointer"
                color="gray.900"
                bg="white"
                _hover={{ bg: 'gray.50' }}
                _focusVisible={{
                  outline: '2px solid',
                  outlineColor: 'blue.700',
                  outlineOffset: '-2px',
                }}
                css={{
                  '& > svg': { flexShrink: 0, transition: 'transform 0.2s' },
                  '&[aria-expanded="true"] > svg': { transform: 'rotate(180deg)' },
                }}
              >
                <Text as="span" flex="1">
                  {item.question}
                </Text>
                <LineIcon d="m6 9 6 6 6-6" size={20} />
              </chakra.button>
            </Heading>
            <Box
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              px="4"
              pb="4"
              color="gray.800"
            >
              {item.answer}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

export default function FaqPage() {
  return (
    <>
      <PageMeta
        title="FAQ"
        description="Answers about matching, time commitment, cost, eligibility, international students, mentor qualifications, cohort dates and support."
      />
      <PageHero
        eyebrow="FAQ"
        title="Frequently asked questions"
        lead="Everything students and mentors ask us most about how the program works. Select a question to read its answer."
      />
      <PageContainer narrow>
        <Box py={{ base: '10', md: '14' }}>
          <FaqList items={faqItems} />

          <Stack
            as="section"
            aria-labelledby="still-questions"
            mt="12"
            gap="4"
            bg="gray.50"
            rounded="xl"
            p="8"
          >
            <Heading as="h2" id="still-questions" fontSize="2xl" color="gray.900">
              Still have questions?
            </Heading>
            <Text color="gray.800">
              Our coordinators are happy to help. Send us a message or follow us for program news
              and cohort dates.
            </Text>
            <ButtonRow>
              <RouterButton size="lg" colorPalette="blue" to={paths.contact}>
                Email Us
              </RouterButton>
              <Button
                asChild
                type={undefined}
                size="lg"
                colorPalette="blue"
                variant="outline"
                bg="white"
              >
                <a href={site.links.linkedin} target="_blank" rel="noopener noreferrer">
                  Follow Us
                  <Box as="span" srOnly>
                    {' '}
                    on LinkedIn (opens in a new tab)
                  </Box>
                </a>
              </Button>
            </ButtonRow>
          </Stack>
        </Box>
      </PageContainer>
    </>
  );
}
