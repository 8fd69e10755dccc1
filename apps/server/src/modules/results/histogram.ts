/**
 * A percentile of values given as a histogram (value → how many), interpolated between neighbouring
 * ranks like PostgreSQL's percentile_cont; null when the histogram is empty.
 */
export function histogramPercentile(buckets: { value: number; n: number }[], p: number): number | null {
  const sorted = buckets.filter((b) => b.n > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, b) => sum + b.n, 0);
  if (total === 0) return null;
  const rank = p * (total - 1);
  const at = (k: number) => {
    let seen = 0;
    for (const b of sorted) {
      seen += b.n;
      if (k < seen) return b.value;
    }
    return sorted.at(-1)!.value;
  };
  const low = Math.floor(rank);
  return at(low) + (rank - low) * (at(Math.ceil(rank)) - at(low));
}
