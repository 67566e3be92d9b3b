import { Button, type ButtonProps } from '@chakra-ui/react';

/**
 * The screen's main action, filled: white on blue.700 (contrast above 4.5:1), darker on hover.
 * Other props pass through to Chakra's Button.
 */
export function PrimaryButton(props: ButtonProps) {
  return <Button bg="blue.700" color="white" _hover={{ bg: 'blue.800' }} {...props} />;
}
