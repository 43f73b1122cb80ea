/** fast-check run count: `FC_NUM_RUNS` when set (as `npm run test:long` does), else `fallback`. */
export function numRuns(fallback: number): number {
  const configured = Number(process.env.FC_NUM_RUNS);
  return Number.isInteger(configured) && configured > 0 ? configured : fallback;
}
