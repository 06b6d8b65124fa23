// The options a typed query finds, best first: a label that starts with the query, then one with a
// word that does ("Land" → "Land Bank of the Philippines" before "Bank of the Philippine Islands"),
// then any other label containing it. Within each rank the list keeps its own order.

export function optionMatches<T extends { label: string }>(
  options: readonly T[],
  text: string,
): T[] {
  const query = text.trim().toLowerCase();
  if (query === "") return [...options];
  const rank = (label: string): number => {
    const lower = label.toLowerCase();
    if (lower.startsWith(query)) return 0;
    if (lower.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(query))) return 1;
    return lower.includes(query) ? 2 : -1;
  };
  return options
    .map((option) => ({ option, rank: rank(option.label) }))
    .filter((match) => match.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map((match) => match.option);
}
