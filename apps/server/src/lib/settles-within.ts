/**
 * Waits for `work` at most `ms`: true when it settled in time (resolved or rejected), false when the
 * time ran out first. For shutdowns that must not hang on a slow piece; the timer is cleared either way.
 */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
