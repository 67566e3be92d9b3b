/**
 * The students list's nomination filter: All, or the students whose nomination is
 * confirmed, declined, not answered, or whose nominator was not asked yet. The ids come from
 * GET /api/admin/nominations?state= (nominations are server-only); the list's own rows, search
 * and status filter stay as they are and this narrows them. Mounted on the dashboard with a hook
 * and one component.
 */
import { HStack, NativeSelect, Text } from '@chakra-ui/react';
import {
  NOMINATION_FILTERS,
  NOMINATION_FILTER_LABELS,
  type NominationFilter,
} from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { nominatedIds } from '../api/nominations';

export interface NominationFilterState {
  value: NominationFilter | 'all';
  choose: (value: NominationFilter | 'all') => void;
  /** The rows the filter keeps (all while it is All or its ids load). */
  apply: <T extends { id: string }>(rows: T[]) => T[];
}

export function useNominationFilter(): NominationFilterState {
  const [value, choose] = useState<NominationFilter | 'all'>('all');
  const ids = useQuery({
    queryKey: ['admin', 'nominations', 'filter', value],
    // All keeps every row and needs no ids (the query is off then, `enabled` below).
    queryFn: () => (value === 'all' ? new Set<string>() : nominatedIds(value)),
    enabled: value !== 'all',
  });
  const keep = value === 'all' ? null : (ids.data ?? new Set<string>());
  return {
    value,
    choose,
    apply: (rows) => (keep ? rows.filter((row) => keep.has(row.id)) : rows),
  };
}

export function NominationFilterSelect({ value, choose }: NominationFilterState) {
  return (
    <HStack gap="2">
      <Text asChild fontWeight="medium" fontSize="sm" whiteSpace="nowrap">
        <label htmlFor="nomination-filter">Nomination</label>
      </Text>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          id="nomination-filter"
          value={value}
          onChange={(event) => choose(event.currentTarget.value as NominationFilter | 'all')}
        >
          <option value="all">All</option>
          {NOMINATION_FILTERS.map((f) => (
            <option key={f} value={f}>
              {NOMINATION_FILTER_LABELS[f]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator aria-hidden="true" />
      </NativeSelect.Root>
    </HStack>
  );
}
