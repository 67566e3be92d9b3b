import type { SelectOption } from './select-field';

/** A select's options from a list of values and the words shown for each, in the list's order. */
export const labelledOptions = <V extends string>(
  values: readonly V[],
  labels: Readonly<Record<V, string>>,
): SelectOption[] => values.map((value) => ({ value, label: labels[value] }));
