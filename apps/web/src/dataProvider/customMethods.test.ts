import { beforeEach, describe, expect, it, vi } from 'vitest';

// A tiny localStorage for the node test environment, installed before the modules load.
const storage = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
    clear: () => storage.clear(),
  },
});

const { dataProvider } = await import('./index');
const { setSession, setYear } = await import('../session/store');

type TCall = { method: string; path: string; query: Record<string, string>; body: unknown };

/** Records each request (method, path under /api, query without the year, JSON body) and answers `answer`. */
function installFetch(answer: { status: number; body?: unknown } = { status: 200, body: {} }) {
  const calls: TCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://app.test');
    const query = Object.fromEntries([...url.searchParams].filter(([key]) => key !== 'year'));
    calls.push({ method: init.method ?? 'GET', path: url.pathname.replace(/^\/api/, ''), query, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

/*
 * The screens' calls beyond CRUD moved behind the data provider: each method sends the request the
 * screen sent before (method, route, query, body), which the API contract fixes.
 */
describe('data provider custom methods', () => {
  beforeEach(() => {
    storage.clear();
    setSession({ token: 't', refreshToken: null, user: { _id: 'u1', email: 'a@b.c', role: 'admin' } });
    setYear(2025);
  });

  it.each<[string, () => Promise<unknown>, Omit<TCall, 'query'> & { query?: Record<string, string> }]>([
    ['recordHistory', () => dataProvider.recordHistory('structures', 's1'), { method: 'GET', path: '/structures/s1/history', body: undefined }],
    ['restoreRecordVersion', () => dataProvider.restoreRecordVersion('structures', 's1', 'e1'), { method: 'POST', path: '/structures/s1/history/e1/restore', body: undefined }],
    ['ncaReportFacts', () => dataProvider.ncaReportFacts('r1'), { method: 'GET', path: '/nca-reports/r1/facts', body: undefined }],
    ['correctiveActionFacts', () => dataProvider.correctiveActionFacts('a1'), { method: 'GET', path: '/corrective-actions/a1/facts', body: undefined }],
    ['signRequestFacts', () => dataProvider.signRequestFacts('s1'), { method: 'GET', path: '/sign-requests/s1/facts', body: undefined }],
    ['ncaTimeline', () => dataProvider.ncaTimeline('r1'), { method: 'GET', path: '/nca-reports/r1/timeline', body: undefined }],
    ['ncaReportSignatures', () => dataProvider.ncaReportSignatures('r1'), { method: 'GET', path: '/nca-reports/r1/signatures', body: undefined }],
    ['addNcaComment', () => dataProvider.addNcaComment('r1', 'ciao'), { method: 'POST', path: '/nca-reports/r1/comments', body: { text: 'ciao' } }],
    ['mySignRequests', () => dataProvider.mySignRequests(), { method: 'GET', path: '/sign-requests/mine', body: undefined }],
    ['sendSignatureCode', () => dataProvider.sendSignatureCode('s1'), { method: 'POST', path: '/sign-requests/s1/sendCode', body: {} }],
    ['remindSigner', () => dataProvider.remindSigner('s1'), { method: 'POST', path: '/sign-requests/s1/remind', body: {} }],
    ['signWithCode', () => dataProvider.signWithCode('s1', '123456'), { method: 'POST', path: '/sign-requests/s1/sign', body: { code: '123456' } }],
    ['signingTerms', () => dataProvider.signingTerms(), { method: 'GET', path: '/sign-requests/terms', body: undefined }],
    ['acceptSigningTerms', () => dataProvider.acceptSigningTerms('fea-otp-1', 'en'), { method: 'POST', path: '/sign-requests/terms/accept', body: { version: 'fea-otp-1', language: 'en' } }],
    ['publishSigningTerms', () => dataProvider.publishSigningTerms('it', 'en'), { method: 'POST', path: '/sign-requests/terms', body: { textIt: 'it', textEn: 'en' } }],
    ['signingTermsVersions', () => dataProvider.signingTermsVersions(), { method: 'GET', path: '/sign-requests/terms/versions', body: undefined }],
    ['verifyNcaEvidence', () => dataProvider.verifyNcaEvidence('r1'), { method: 'GET', path: '/nca-reports/r1/evidence/verify', body: undefined }],
    ['rejectSignature', () => dataProvider.rejectSignature('s1', 'why'), { method: 'POST', path: '/sign-requests/s1/reject', body: { explanation: 'why' } }],
    ['ncaDashboard', () => dataProvider.ncaDashboard('l1'), { method: 'GET', path: '/nca-reports/dashboard', query: { lotId: 'l1' }, body: undefined }],
    ['ncaDashboard without a lot', () => dataProvider.ncaDashboard(), { method: 'GET', path: '/nca-reports/dashboard', body: undefined }],
    ['myPermissions', () => dataProvider.myPermissions(), { method: 'GET', path: '/auth/permission/employee/me', body: undefined }],
    ['companyInvitation', () => dataProvider.companyInvitation('laboratory', 'c1', 'resend'), { method: 'POST', path: '/laboratories/c1/resend', body: undefined }],
    ['companyUsers', () => dataProvider.companyUsers('agency', 'c1'), { method: 'GET', path: '/agencies/c1/users', body: undefined }],
    [
      'inviteCompanyColleague',
      () => dataProvider.inviteCompanyColleague('agency', 'c1', { email: 'x@y.z', name: 'N', surname: 'S' }),
      { method: 'POST', path: '/agencies/c1/users', body: { email: 'x@y.z', name: 'N', surname: 'S' } },
    ],
    [
      'updateCompanyContacts',
      () => dataProvider.updateCompanyContacts('agency', 'c1', [{ name: 'A', role: null, email: null, phone: null }]),
      { method: 'PUT', path: '/agencies/c1/contacts', body: { contacts: [{ name: 'A', role: null, email: null, phone: null }] } },
    ],
    ['rdpTotals', () => dataProvider.rdpTotals(), { method: 'GET', path: '/rdps-totals', body: undefined }],
    ['rdpSampleChoices', () => dataProvider.rdpSampleChoices(), { method: 'GET', path: '/rdps/sample-choices', body: undefined }],
    ['openNcaFromRdp', () => dataProvider.openNcaFromRdp('d1', 'o1'), { method: 'POST', path: '/rdps/d1/openNca', body: { orderId: 'o1' } }],
    ['formTotals', () => dataProvider.formTotals({ cer: '150101' }), { method: 'GET', path: '/forms/totals', query: { cer: '150101' }, body: undefined }],
    ['openNcaFromForm', () => dataProvider.openNcaFromForm('f1'), { method: 'POST', path: '/forms/f1/openNca', body: {} }],
    ['attachFormDocument', () => dataProvider.attachFormDocument('f1', 'u9'), { method: 'POST', path: '/forms/f1/document', body: { uploadId: 'u9' } }],
    ['declarationPayments', () => dataProvider.declarationPayments('d1'), { method: 'GET', path: '/declarations/d1/payments', body: undefined }],
    [
      'cityDashboard',
      () => dataProvider.cityDashboard({ year: 2025, declarationTemplateId: 't1', cityId: 'c1' }),
      { method: 'GET', path: '/dashboards/city', query: { declarationTemplateId: 't1', cityId: 'c1' }, body: undefined },
    ],
    ['hotelierDashboard', () => dataProvider.hotelierDashboard({ year: 2025 }), { method: 'GET', path: '/dashboards/hotelier', body: undefined }],
    ['repriceStays (preview)', () => dataProvider.repriceStays({ ruleId: 'r1', cityId: 'c1' }), { method: 'POST', path: '/stays/reprice', body: { ruleId: 'r1', cityId: 'c1' } }],
    [
      'repriceStays (apply)',
      () => dataProvider.repriceStays({ cityId: 'c1' }, { stayIds: ['s1', 's2'] }),
      { method: 'POST', path: '/stays/reprice', body: { cityId: 'c1', apply: true, stayIds: ['s1', 's2'] } },
    ],
    [
      'listRecordFiles',
      () => dataProvider.listRecordFiles('corrective-actions', 'a1'),
      { method: 'GET', path: '/uploads', query: { linkedEntityType: 'corrective-actions', linkedEntityId: 'a1' }, body: undefined },
    ],
    ['hasRowsInYear', () => dataProvider.hasRowsInYear('stays', 2024), { method: 'GET', path: '/stays', query: { limit: '1', count: 'true' }, body: undefined }],
  ])('%s sends the same request as the screen did', async (_name, call, expected) => {
    const calls = installFetch();
    await call();
    expect(calls).toEqual([{ query: {}, ...expected }]);
  });

  it('hasRowsInYear asks in the given year, whatever year is selected, and says whether a row came back', async () => {
    let requestedYear: string | null = null;
    vi.stubGlobal('fetch', async (input: string) => {
      requestedYear = new URL(input, 'http://app.test').searchParams.get('year');
      return new Response(JSON.stringify([{ _id: 'x' }]), { status: 200 });
    });
    await expect(dataProvider.hasRowsInYear('stays', 2024)).resolves.toEqual({ data: true });
    expect(requestedYear).toBe('2024');
    installFetch({ status: 200, body: [] });
    await expect(dataProvider.hasRowsInYear('stays', 2024)).resolves.toEqual({ data: false });
  });

  it('previewStayTax answers the computation, and a refusal carries the API code and details', async () => {
    const input = { structureId: 's1', checkIn: '2025-01-01', checkOut: '2025-01-03', componentsNumber: 2, appliedExemptions: [], appliedReductions: [] };
    const calls = installFetch({ status: 200, body: { toPayAmount: 4 } });
    await expect(dataProvider.previewStayTax(input)).resolves.toEqual({ data: { toPayAmount: 4 } });
    expect(calls).toEqual([{ method: 'POST', path: '/stays/preview', query: {}, body: input }]);
    const details = [{ path: 'checkIn', message: 'no tariff' }];
    installFetch({ status: 422, body: { code: 'NO_TARIFF_FOR_NIGHT', message: 'No tariff', details } });
    await expect(dataProvider.previewStayTax(input)).rejects.toMatchObject({ status: 422, code: 'NO_TARIFF_FOR_NIGHT', details });
  });

  it('upload sends the tags with the file (a corrective action document carries its name)', async () => {
    const sent: FormData[] = [];
    class FakeXhr {
      status = 200;
      responseText = JSON.stringify({ _id: 'u1' });
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      onerror?: () => void;
      open(method: string, url: string) {
        expect([method, new URL(url, 'http://app.test').pathname]).toEqual(['POST', '/api/uploads']);
      }
      setRequestHeader() {}
      send(form: FormData) {
        sent.push(form);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const file = new File(['hello'], 'Verbale.PDF');
    await expect(dataProvider.upload(file, { link: { type: 'corrective-actions', id: 'a1' }, tags: ['Verbale'], onProgress: (p) => progress.push(p) })).resolves.toEqual({ data: { _id: 'u1' } });
    expect(JSON.parse(sent[0].get('data') as string)).toEqual({
      linkedEntityType: 'corrective-actions',
      linkedEntityId: 'a1',
      purpose: 'pdf',
      additionalInfo: { name: 'Verbale', format: 'pdf', fullName: 'Verbale.PDF', size: 5 },
      tags: ['Verbale'],
    });
    expect(progress).toEqual([50]);
    await dataProvider.upload(file);
    expect(JSON.parse(sent[1].get('data') as string)).toMatchObject({ linkedEntityType: null, linkedEntityId: null, tags: [] });
  });
});
