/** The buttons and the status line of the pages an e-mail links to (use-press-answer.ts). */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { PrimaryButton } from '../ui/primary-button';
import type { PressOutcome } from './use-press-answer';

/**
 * The page's choices side by side, the first one filled, the rest outlined; while one is being
 * sent it shows so and none can be pressed.
 */
export function AnswerButtons<Choice extends string>({
  choices,
  pending,
  onPress,
}: {
  choices: readonly { value: Choice; label: string }[];
  pending: Choice | null;
  onPress: (choice: Choice) => void;
}) {
  return (
    <HStack gap="3" wrap="wrap">
      {choices.map(({ value, label }, index) => {
        const Choice = index === 0 ? PrimaryButton : Button;
        return (
          <Choice
            key={value}
            loading={pending === value}
            disabled={pending !== null}
            variant={index === 0 ? undefined : 'outline'}
            onClick={() => onPress(value)}
          >
            {label}
          </Choice>
        );
      })}
    </HStack>
  );
}

/** The outcome of the press, read out politely (the region is there before it fills). */
export function AnswerStatus({
  outcome,
  testId,
}: {
  outcome: PressOutcome | null;
  testId: string;
}) {
  return (
    <Box role="status" aria-live="polite">
      {outcome ? (
        <Text
          color={outcome.ok ? 'green.800' : 'red.800'}
          fontWeight="semibold"
          data-testid={testId}
        >
          {outcome.text}
        </Text>
      ) : null}
    </Box>
  );
}
