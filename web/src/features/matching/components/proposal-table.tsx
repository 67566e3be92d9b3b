import { Badge, Box, Table, Text } from '@chakra-ui/react';
import {
  movedReason,
  NOMINATION_REASON_TEXT,
  overlapReason,
  type MatchBand,
  type ProposalPairView,
} from '@mentorship/domain';
import { RowCheckbox } from '../../../components/ui/row-checkbox';
import { MatchingTable } from './matching-table';
import { pairKeyOf } from './pair-key';

const BAND_PALETTE: Record<MatchBand, string> = {
  'No matches': 'gray',
  'Low match': 'orange',
  'Good match': 'blue',
  'Excellent match': 'green',
};

function SharedItems({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <Text>
      <Text as="span" fontWeight="semibold">
        {label}:
      </Text>{' '}
      {items.join(', ')}
    </Text>
  );
}

function Reasons({ pair }: { pair: ProposalPairView }) {
  return (
    <Box fontSize="sm">
      <SharedItems label="Disciplines" items={pair.sharedDisciplines} />
      <SharedItems label="Topics" items={pair.sharedTopics} />
      {/* Its own reasons, beside the score they never change (TIME-ZONE and NOMINATION RULES). */}
      <Text data-reason="working-hours">{overlapReason(pair.overlapHours)}</Text>
      {pair.movedFrom && <Text data-reason="moved">{movedReason(pair.movedFrom)}</Text>}
      {pair.nomination && (
        <Text data-reason="nomination">{NOMINATION_REASON_TEXT[pair.nomination]}</Text>
      )}
    </Box>
  );
}

function Person({ name, detail }: { name: string; detail: string | null }) {
  return (
    <>
      <Text fontWeight="medium">{name}</Text>
      {detail && (
        <Text fontSize="sm" color="fg.muted">
          {detail}
        </Text>
      )}
    </>
  );
}

/** The proposed pairs; each row can be kept or dropped with its (keyboard-operable) checkbox. */
export function ProposalTable({
  pairs,
  dropped,
  onToggle,
  disabled,
}: {
  pairs: ProposalPairView[];
  dropped: ReadonlySet<string>;
  onToggle: (key: string, keep: boolean) => void;
  disabled: boolean;
}) {
  return (
    <MatchingTable
      caption="Proposed pairs, best match first. Clear “Keep” to drop a pair before applying."
      headers={['Keep', 'Mentor', 'Student', 'Score', 'Why']}
    >
      {pairs.map((pair) => {
        const key = pairKeyOf(pair);
        const kept = !dropped.has(key);
        return (
          <Table.Row key={key} data-kept={kept} opacity={kept ? 1 : 0.7}>
            <Table.Cell>
              <RowCheckbox
                label={`Keep the match of ${pair.studentName} with ${pair.mentorName}`}
                checked={kept}
                disabled={disabled}
                onChange={(keep) => onToggle(key, keep)}
              />
            </Table.Cell>
            <Table.Cell>
              <Person name={pair.mentorName} detail={pair.mentorDetail} />
            </Table.Cell>
            <Table.Cell>
              <Person name={pair.studentName} detail={pair.studentDetail} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              <Text fontWeight="semibold">{pair.score}</Text>
              <Badge colorPalette={BAND_PALETTE[pair.band]} variant="outline">
                {pair.band}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              <Reasons pair={pair} />
              {!kept && (
                <Text fontSize="sm" fontStyle="italic">
                  Dropped: will not be applied
                </Text>
              )}
            </Table.Cell>
          </Table.Row>
        );
      })}
    </MatchingTable>
  );
}
