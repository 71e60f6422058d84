import { afterAll, describe, expect, it } from 'vitest';
import { closeDocumentJobs, documentJob, runDocumentJob } from './document-jobs.ts';
import type * as jobs from './document-jobs.fixture.ts';
import { AppError } from './errors.ts';

const echo = documentJob<typeof jobs.echoBytes>(import.meta.url, './document-jobs.fixture', 'echoBytes', { name: 'echo' });
const refuse = documentJob<typeof jobs.refuse>(import.meta.url, './document-jobs.fixture', 'refuse', { name: 'refuse' });
const spin = documentJob<typeof jobs.spin>(import.meta.url, './document-jobs.fixture', 'spin', { name: 'spin', timeoutMs: 1500 });
const hoard = documentJob<typeof jobs.hoard>(import.meta.url, './document-jobs.fixture', 'hoard', { name: 'hoard', timeoutMs: 30_000 });
const fail = documentJob<typeof jobs.fail>(import.meta.url, './document-jobs.fixture', 'fail', { name: 'fail' });

/** The longest gap between ticks of a 10 ms timer on this thread while `work` runs: what every other request would wait. */
async function worstStall<T>(work: Promise<T>): Promise<{ stallMs: number; outcome: PromiseSettledResult<T> }> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 10);
  const [outcome] = await Promise.allSettled([work]);
  clearInterval(timer);
  return { stallMs: worst, outcome };
}

afterAll(() => closeDocumentJobs());

describe('document jobs run off the request thread, within limits', () => {
  it('answers a job result, its bytes intact', async () => {
    const result = await runDocumentJob(echo, ['abc']);
    expect(result.length).toBe(6000);
    expect(result.bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(result.bytes.subarray(0, 6))).toBe('abcabc');
  });

  it("keeps a job's refusal code and details", async () => {
    const error = await runDocumentJob(refuse, ['not a PDF']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', statusCode: 415, message: 'not a PDF', details: [{ path: 'file', message: 'not a PDF' }] });
  });

  it('ends a job past its time limit with a 4xx, and this thread never stalls meanwhile', async () => {
    const started = performance.now();
    const { stallMs, outcome } = await worstStall(runDocumentJob(spin, []));
    expect(outcome.status).toBe('rejected');
    expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX', statusCode: 422 });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(stallMs).toBeLessThan(500);
    // The pool replaced the ended worker.
    expect((await runDocumentJob(echo, ['x'])).length).toBe(2000);
  });

  it('ends a job past its memory limit with a 4xx, and the pool goes on', async () => {
    const { stallMs, outcome } = await worstStall(runDocumentJob(hoard, []));
    expect(outcome.status).toBe('rejected');
    expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX' });
    expect(stallMs).toBeLessThan(500);
    expect((await runDocumentJob(echo, ['y'])).length).toBe(2000);
  });

  it('reports a bug in a job as a failure, not as a refusal of the document', async () => {
    const error = await runDocumentJob(fail, []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
    expect(String(error)).toContain('a bug in a job');
  });

  it('runs jobs side by side, more than the pool holds, each with its own answer', async () => {
    const results = await Promise.all(['a', 'bb', 'ccc', 'dddd', 'e'].map((text) => runDocumentJob(echo, [text])));
    expect(results.map((r) => r.length)).toEqual([2000, 4000, 6000, 8000, 2000]);
  });
});
