/**
 * "Deactivating pairs: 120 of 600" with a bar, from the server's own count of the action
 * (`useWorkProgress`). Before the server's first count it shows 0 of the selection. The bar is the
 * progressbar (its name is the same sentence, read when a screen reader reaches it); the words are
 * not a live region: a count changing several times a second would drown everything else, and
 * the action's end is announced by its toast.
 */
import { Progress, Text } from '@chakra-ui/react';
import { progressText, type WorkKind } from '@mentorship/domain';
import { useWorkProgress } from '../../lib/work-progress';

export function WorkProgress({ id, kind, total }: { id: string; kind: WorkKind; total: number }) {
  const progress = useWorkProgress(id);
  const max = progress?.total ?? total;
  const done = Math.min(progress?.done ?? 0, max);
  const text = progressText(kind, done, max);
  return (
    <Progress.Root
      value={done}
      max={max}
      size="sm"
      colorPalette="blue"
      w="full"
      maxW="sm"
      translations={{ value: () => text }}
      data-testid="work-progress"
    >
      <Text fontSize="sm" color="fg" mb="1">
        {text}
      </Text>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
