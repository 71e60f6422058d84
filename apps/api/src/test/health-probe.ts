/**
 * What one heavy request does to everyone else: `work` runs while `GET /api/health` (which never touches the
 * database) is asked every 20 ms; the answer is the work's result, how long it took, and the longest wait of a health
 * request (measured from when it was due, so a frozen event loop counts in full even if the probe itself was late).
 */
export async function whileProbingHealth<T>(baseUrl: string, work: () => Promise<T>): Promise<{ result: T; elapsedMs: number; worstHealthMs: number; probes: number }> {
  let done = false;
  let worst = 0;
  let probes = 0;
  const probing = (async () => {
    while (!done) {
      const due = performance.now();
      const response = await fetch(`${baseUrl}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`/api/health answered ${response.status}`);
      worst = Math.max(worst, performance.now() - due);
      probes++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, elapsedMs: performance.now() - started, worstHealthMs: worst, probes };
  } finally {
    done = true;
    await probing;
  }
}
