/** The Assignments tab's toolbar: Bulk Actions mode (select all, delete, activate, deactivate). */
import { Box, Button, Checkbox, HStack, Text } from '@chakra-ui/react';
import { TOASTS, type PairRecord, type WorkKind } from '@mentorship/domain';
import { useState, type ReactNode } from 'react';
import { RouterButton } from '../../../components/ui/router-button';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { useBulkStatusPairs } from '../api/bulk-pairs';
import { showFailure } from '../api/error-toast';
import { newProgressId } from '../../../lib/work-progress';
import { WorkProgress } from '../../../components/ui/work-progress';
import type { Ask } from './actions/person-actions';

export function PairsToolbar({
  bulkMode,
  onToggleBulk,
  visible,
  selected,
  onSelect,
  ask,
  exportButton,
}: {
  /** The tab's Export CSV button. */
  exportButton: ReactNode;
  bulkMode: boolean;
  onToggleBulk: () => void;
  /** The pairs shown (search and filter applied). */
  visible: PairRecord[];
  /** The shown pairs that are ticked. */
  selected: PairRecord[];
  onSelect: (ids: Set<string>) => void;
  ask: Ask;
}) {
  const bulkStatus = useBulkStatusPairs();
  /** The change under way: its progress id, kind and selection size. */
  const [running, setRunning] = useState<{ id: string; kind: WorkKind; total: number } | null>(
    null,
  );
  const allSelected = visible.length > 0 && selected.length === visible.length;
  const someSelected = selected.length > 0 && !allSelected;

  const changeStatus = async (isActive: boolean) => {
    const progressId = newProgressId();
    setRunning({
      id: progressId,
      kind: isActive ? 'pairs.activate' : 'pairs.deactivate',
      total: selected.length,
    });
    try {
      const result = await bulkStatus.mutateAsync({
        assignmentIds: selected.map((a) => a.id),
        isActive,
        progressId,
      });
      const failed = result.failed.length;
      showToast(
        {
          title: TOASTS.statusUpdated.title,
          description:
            failed > 0
              ? // Each reason once: a large selection can fail many times for one reason.
                `${result.message} ${[...new Set(result.failed.map((f) => f.message))].join(' ')}`
              : result.message,
        },
        failed > 0 ? 'warning' : 'success',
      );
    } catch (error) {
      showFailure(TOASTS.updateStatusFailed, error);
    } finally {
      setRunning(null);
    }
  };

  return (
    <HStack justify="space-between" wrap="wrap" gap="2">
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          variant={bulkMode ? 'solid' : 'outline'}
          colorPalette="blue"
          aria-pressed={bulkMode}
          onClick={onToggleBulk}
        >
          Bulk Actions
        </Button>
        {bulkMode && (
          <>
            <Checkbox.Root
              checked={allSelected ? true : someSelected ? 'indeterminate' : false}
              onCheckedChange={(e) =>
                onSelect(e.checked === true ? new Set(visible.map((a) => a.id)) : new Set())
              }
              disabled={visible.length === 0}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control asChild>
                <span>
                  <Checkbox.Indicator />
                </span>
              </Checkbox.Control>
              <Checkbox.Label>Select all ({visible.length})</Checkbox.Label>
            </Checkbox.Root>
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {selected.length} selected
            </Text>
            <Button
              size="sm"
              colorPalette="red"
              disabled={selected.length === 0}
              onClick={() => ask({ type: 'bulk-delete', pairs: selected })}
            >
              Delete Selected
            </Button>
            {[true, false].map((isActive) => (
              <Button
                key={String(isActive)}
                size="sm"
                variant="outline"
                disabled={selected.length === 0}
                loading={bulkStatus.isPending && bulkStatus.variables?.isActive === isActive}
                onClick={() => void changeStatus(isActive)}
              >
                {isActive ? 'Activate' : 'Deactivate'}
              </Button>
            ))}
          </>
        )}
      </HStack>
      <HStack gap="2" wrap="wrap">
        {exportButton}
        <RouterButton size="sm" variant="outline" to={paths.admin.matching}>
          Suggest matches
        </RouterButton>
        <RouterButton size="sm" colorPalette="blue" to={paths.admin.createPair}>
          Create Assignment
        </RouterButton>
      </HStack>
      {running ? (
        <Box flexBasis="100%">
          <WorkProgress id={running.id} kind={running.kind} total={running.total} />
        </Box>
      ) : null}
    </HStack>
  );
}
