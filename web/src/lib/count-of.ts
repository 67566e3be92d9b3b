/** A number with its noun: "1 cohort", "3 cohorts"; `many` for other plurals ("matches"). */
export const countOf = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;
