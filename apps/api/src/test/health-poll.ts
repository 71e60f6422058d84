/**
 * Runs `request` while another client asks `GET /api/health` every 20 ms, and answers the request's outcome, how long
 * it took, and the longest any health answer took: what every other user of the server waited meanwhile.
 */
export async function whileHealthPolled<T>(baseUrl: string, request: () => Promise<T>): Promise<{ result: T; elapsedMs: number; worstHealthMs: number; healthChecks: number }> {
  let done = false;
  let worstHealthMs = 0;
  let healthChecks = 0;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/health`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`health answered ${res.status}`);
      worstHealthMs = Math.max(worstHealthMs, performance.now() - started);
      healthChecks++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  let result: T;
  try {
    result = await request();
  } finally {
    done = true;
    await poll;
  }
  return { result, elapsedMs: performance.now() - started, worstHealthMs, healthChecks };
}
