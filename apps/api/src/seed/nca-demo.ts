import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { effectivenessDueDate, ncaReportCode, type TCorrectiveActionStatus, type TIshikawaCategory, type TNcaReportStatus, type TSignPhase } from '@app/domain/environmental/nca/index';
import { agencies, correctiveActions, lots, ncaCodeCounters, ncaEffectivenessChecks, ncaHistory, ncaReports, orders, settings, signatureEvidence, signRequests, users } from '../db/schema/index.ts';
import type { TTx } from '../db/client.ts';
import { renderPhasePdf } from '../modules/environmental/nca/nca-pdf.ts';
import { CONSENT_TEXT, CONSENT_VERSION, evidenceRowHash } from '../modules/environmental/nca/signature-evidence.ts';
import { maskEmail } from '../modules/environmental/nca/signing-codes.ts';
import { phaseSnapshot, sha256Hex, snapshotHashOf } from '../modules/environmental/nca/snapshot.ts';
import type { TDemoSeeder } from './demo.ts';

/**
 * NCA demo data: reports in every status across the three demo lots, corrective actions in every
 * status (one overdue), and signatures given, pending, rejected and suspended, with their evidence
 * chain and the reports' history. Signers: consortium@ and ambiente@ (consortium), agency@ (Edil
 * Strade Tirrenia) and agency3@ (Ecologia Garigliano). lab@ takes part in none. Each seeded round
 * stores the phase PDF its signers were asked to sign through the file storage, as requesting a round
 * does, so the PDF's SHA-256 in the requests and the evidence is that of the file the report serves.
 */

type TSigner = { email: string; fn: string; outcome: 'signed' | 'pending' | 'rejected' | 'suspended' };
type TRound = { phase: TSignPhase; signers: TSigner[] };
type TActionSeed = { name: string; actionType: 'action' | 'treatment' | 'internal'; status: TCorrectiveActionStatus; expireInDays?: number; documents?: { name: string; isRequired: boolean }[] };
type TReportSeed = {
  order: string;
  agency: string;
  status: TNcaReportStatus;
  description: string;
  aspect: string;
  severity: string;
  ncaType: string;
  origin: 'audit' | 'other';
  daysAgo: number;
  closedDaysAgo?: number;
  causeAnalysis?: string;
  /** Immediate containment: what, who, and whether the consortium verified it (on the day the report was created). */
  containment?: { what: string; who: string; verified: boolean }[];
  fiveWhys?: string[];
  ishikawa?: TIshikawaCategory[];
  actions?: TActionSeed[];
  rounds?: TRound[];
  path: string[];
};

const CONSORTIUM_FN = 'Responsabile ambientale del consorzio';
const DIRECTOR_FN = 'Direttore dei lavori';
const AGENCY_FN = 'Direttore tecnico di cantiere';
const signed = (email: string, fn: string): TSigner => ({ email, fn, outcome: 'signed' });

const REPORTS: TReportSeed[] = [
  {
    order: 'ODL 01/2025 - Scavo galleria Monte Altino',
    agency: 'edil',
    status: 'pending',
    description: 'Cumulo di terre da scavo senza cartellonistica di identificazione all’imbocco nord della galleria.',
    aspect: 'Gestione delle terre e rocce da scavo',
    severity: 'Lieve',
    ncaType: 'Non conformità da sopralluogo',
    origin: 'audit',
    daysAgo: 1,
    path: ['created'],
  },
  {
    order: 'Bando 01/2025 - Pavimentazioni svincolo',
    agency: 'edil',
    status: 'pending',
    description: 'Lavaggio delle betoniere fuori dall’area attrezzata, con scolo verso il fosso di guardia.',
    aspect: 'Scarichi idrici e acque di cantiere',
    severity: 'Grave',
    ncaType: 'Non conformità da sopralluogo',
    origin: 'other',
    daysAgo: 6,
    rounds: [
      {
        phase: 'first',
        signers: [
          { email: 'consortium@demo.test', fn: CONSORTIUM_FN, outcome: 'suspended' },
          { email: 'agency@demo.test', fn: AGENCY_FN, outcome: 'rejected' },
        ],
      },
    ],
    path: ['created', 'requestPhase1Signs', 'reject', 'phase1Rejected'],
  },
  {
    order: 'ODL 02/2025 - Trasporto terre a sito di deposito',
    agency: 'eco',
    status: 'waiting_phase1_signs',
    description: 'Automezzi in uscita dal cantiere senza copertura del cassone: dispersione di polveri sulla viabilità pubblica.',
    aspect: 'Emissioni in atmosfera e polveri',
    severity: 'Media',
    ncaType: 'Segnalazione esterna',
    origin: 'other',
    daysAgo: 5,
    rounds: [{ phase: 'first', signers: [signed('consortium@demo.test', CONSORTIUM_FN), { email: 'agency3@demo.test', fn: AGENCY_FN, outcome: 'pending' }] }],
    path: ['created', 'requestPhase1Signs', 'sign'],
  },
  {
    order: 'Bando 01/2025 - Pavimentazioni svincolo',
    agency: 'edil',
    status: 'open',
    description: 'Deposito temporaneo di rifiuti misti da demolizione senza separazione per codice EER.',
    aspect: 'Deposito temporaneo dei rifiuti',
    severity: 'Media',
    ncaType: 'Non conformità da audit',
    origin: 'audit',
    daysAgo: 20,
    causeAnalysis: 'Area di deposito non delimitata e personale non formato sulla separazione dei rifiuti.',
    actions: [
      { name: 'Delimitazione e cartellonistica dell’area di deposito', actionType: 'action', status: 'new', expireInDays: 15, documents: [{ name: 'Planimetria area di deposito', isRequired: true }] },
    ],
    rounds: [{ phase: 'first', signers: [signed('consortium@demo.test', CONSORTIUM_FN), signed('agency@demo.test', AGENCY_FN)] }],
    path: ['created', 'requestPhase1Signs', 'sign', 'sign', 'phase1Complete', 'actionProposed'],
  },
  {
    order: 'ODL 03/2025 - Gestione rifiuti di cantiere',
    agency: 'eco',
    status: 'waiting_validations',
    description: 'Formulari di identificazione dei rifiuti compilati senza la quarta copia restituita nei termini.',
    aspect: 'Formulari e registri di carico e scarico',
    severity: 'Lieve',
    ncaType: 'Non conformità documentale',
    origin: 'audit',
    daysAgo: 30,
    causeAnalysis: 'Il trasportatore non restituisce la quarta copia; manca un controllo periodico dello scadenzario.',
    actions: [
      { name: 'Scadenzario dei formulari con controllo settimanale', actionType: 'action', status: 'confirmed', expireInDays: 20 },
      { name: 'Diffida al trasportatore', actionType: 'treatment', status: 'new', expireInDays: 10, documents: [{ name: 'Lettera di diffida', isRequired: true }] },
    ],
    rounds: [{ phase: 'first', signers: [signed('ambiente@demo.test', CONSORTIUM_FN), signed('agency3@demo.test', AGENCY_FN)] }],
    path: ['created', 'requestPhase1Signs', 'sign', 'sign', 'phase1Complete', 'actionProposed', 'actionProposed', 'submitForValidation', 'confirm'],
  },
  {
    order: 'ODL 01/2025 - Scavo galleria Monte Altino',
    agency: 'edil',
    status: 'waiting_phase2_signs',
    description: 'Sversamento di olio idraulico da un escavatore non contenuto con materiale assorbente.',
    aspect: 'Sversamenti accidentali di oli e carburanti',
    severity: 'Grave',
    ncaType: 'Non conformità da sopralluogo',
    origin: 'audit',
    daysAgo: 40,
    causeAnalysis: 'Kit antisversamento non presente sul mezzo; manutenzione del tubo idraulico scaduta.',
    containment: [
      { what: 'Fermo dell’escavatore e panne assorbenti sul versamento', who: 'Capo cantiere Edil Strade Tirrenia', verified: true },
      { what: 'Rimozione del terreno impregnato in cassoni a tenuta', who: 'Squadra di pronto intervento', verified: false },
    ],
    fiveWhys: [
      'L’olio idraulico è finito sul terreno',
      'Il tubo idraulico dell’escavatore si è rotto',
      'La manutenzione del tubo era scaduta',
      'Lo scadenzario delle manutenzioni non era controllato',
      'In cantiere nessuno era responsabile delle manutenzioni dei mezzi',
    ],
    ishikawa: ['machines', 'methods'],
    actions: [
      { name: 'Bonifica del terreno contaminato', actionType: 'treatment', status: 'confirmed', expireInDays: 5 },
      { name: 'Kit antisversamento su ogni mezzo', actionType: 'action', status: 'confirmed', expireInDays: 25 },
    ],
    rounds: [
      { phase: 'first', signers: [signed('consortium@demo.test', CONSORTIUM_FN), signed('agency@demo.test', AGENCY_FN)] },
      { phase: 'second', signers: [signed('agency@demo.test', AGENCY_FN), { email: 'consortium@demo.test', fn: CONSORTIUM_FN, outcome: 'pending' }] },
    ],
    path: ['created', 'requestPhase1Signs', 'sign', 'sign', 'phase1Complete', 'actionProposed', 'actionProposed', 'submitForValidation', 'confirm', 'confirm', 'requestPhase2Signs', 'sign'],
  },
  {
    order: 'Bando 01/2025 - Pavimentazioni svincolo',
    agency: 'edil',
    status: 'waiting_operations',
    description: 'Rumore oltre i limiti in deroga durante le lavorazioni notturne vicino ai ricettori R3 e R4.',
    aspect: 'Rumore e vibrazioni',
    severity: 'Gravissima',
    ncaType: 'Segnalazione esterna',
    origin: 'other',
    daysAgo: 60,
    causeAnalysis: 'Uso contemporaneo di più mezzi pesanti e barriere fonoassorbenti non installate.',
    containment: [{ what: 'Sospese le lavorazioni notturne vicino ai ricettori R3 e R4', who: 'Direttore tecnico di cantiere', verified: true }],
    fiveWhys: ['Il rumore notturno ha superato i limiti in deroga', 'Più mezzi pesanti lavoravano insieme', 'Il programma notturno non prevedeva turni dei mezzi'],
    ishikawa: ['methods', 'environment'],
    actions: [
      { name: 'Barriere fonoassorbenti mobili', actionType: 'action', status: 'in_progress', expireInDays: -3 },
      { name: 'Turnazione dei mezzi nelle ore notturne', actionType: 'action', status: 'completed', expireInDays: 10 },
      { name: 'Monitoraggio acustico ai ricettori', actionType: 'internal', status: 'confirmed', expireInDays: 30 },
    ],
    rounds: [
      { phase: 'first', signers: [signed('ambiente@demo.test', CONSORTIUM_FN), signed('agency@demo.test', AGENCY_FN)] },
      { phase: 'second', signers: [signed('agency@demo.test', AGENCY_FN), signed('consortium@demo.test', CONSORTIUM_FN)] },
    ],
    path: ['created', 'requestPhase1Signs', 'sign', 'sign', 'phase1Complete', 'submitForValidation', 'requestPhase2Signs', 'sign', 'sign', 'phase2Complete', 'start', 'complete'],
  },
  {
    order: 'ODL 03/2025 - Gestione rifiuti di cantiere',
    agency: 'eco',
    status: 'waiting_signs',
    description: 'Cassoni dei rifiuti pericolosi senza etichettatura delle caratteristiche di pericolo.',
    aspect: 'Deposito temporaneo dei rifiuti',
    severity: 'Media',
    ncaType: 'Non conformità da audit',
    origin: 'audit',
    daysAgo: 75,
    causeAnalysis: 'Etichette non fornite dal produttore; nessuna verifica in ingresso.',
    actions: [{ name: 'Etichettatura dei cassoni con le classi HP', actionType: 'action', status: 'closed', expireInDays: -20 }],
    rounds: [
      { phase: 'first', signers: [signed('consortium@demo.test', CONSORTIUM_FN), signed('agency3@demo.test', AGENCY_FN)] },
      { phase: 'second', signers: [signed('agency3@demo.test', AGENCY_FN), signed('ambiente@demo.test', CONSORTIUM_FN)] },
      { phase: 'third', signers: [signed('ambiente@demo.test', CONSORTIUM_FN), { email: 'agency3@demo.test', fn: AGENCY_FN, outcome: 'pending' }] },
    ],
    path: ['created', 'requestPhase1Signs', 'sign', 'sign', 'phase1Complete', 'submitForValidation', 'requestPhase2Signs', 'sign', 'sign', 'phase2Complete', 'close', 'requestClosingSigns', 'sign'],
  },
  {
    order: 'ODL 02/2025 - Trasporto terre a sito di deposito',
    agency: 'edil',
    status: 'closed',
    description: 'Terre da scavo conferite al sito di deposito senza il documento di trasporto previsto dal DPR 120/2017.',
    aspect: 'Gestione delle terre e rocce da scavo',
    severity: 'Grave',
    ncaType: 'Non conformità documentale',
    origin: 'audit',
    daysAgo: 90,
    closedDaysAgo: 12,
    causeAnalysis: 'Procedura di trasporto non aggiornata dopo il cambio del sito di deposito.',
    containment: [{ what: 'Blocco dei conferimenti al sito di deposito fino all’emissione dei documenti', who: 'Responsabile ambientale dell’impresa', verified: true }],
    fiveWhys: ['Le terre sono arrivate senza documento di trasporto', 'Gli autisti non sapevano del nuovo sito', 'La procedura di trasporto non era stata aggiornata'],
    ishikawa: ['methods', 'manpower'],
    actions: [
      { name: 'Aggiornamento della procedura di trasporto', actionType: 'action', status: 'closed', expireInDays: -30 },
      { name: 'Formazione degli autisti', actionType: 'internal', status: 'closed', expireInDays: -25 },
    ],
    rounds: [
      { phase: 'first', signers: [signed('consortium@demo.test', CONSORTIUM_FN), signed('agency@demo.test', AGENCY_FN)] },
      { phase: 'second', signers: [signed('agency@demo.test', AGENCY_FN), signed('consortium@demo.test', DIRECTOR_FN)] },
      { phase: 'third', signers: [signed('consortium@demo.test', CONSORTIUM_FN), signed('agency@demo.test', AGENCY_FN)] },
    ],
    path: [
      'created',
      'requestPhase1Signs',
      'sign',
      'sign',
      'phase1Complete',
      'submitForValidation',
      'requestPhase2Signs',
      'sign',
      'sign',
      'phase2Complete',
      'close',
      'close',
      'requestClosingSigns',
      'sign',
      'sign',
      'phase3Complete',
    ],
  },
];

const AGENCY_NAMES = { edil: 'Edil Strade Tirrenia S.p.A.', eco: 'Ecologia Garigliano S.r.l.' } as const;
const dayOffset = (days: number) => new Date(Date.now() - days * 86_400_000);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export const seedNcaDemo: TDemoSeeder = async (tx: TTx, _demoUsers, storage, seal) => {
  const person = async (email: string) => (await tx.select().from(users).where(eq(users.email, email)))[0];
  const settingId = async (type: string, name: string) =>
    (
      await tx
        .select({ id: settings.id })
        .from(settings)
        .where(and(eq(settings.settingType, type as never), eq(settings.name, name)))
    )[0].id;
  const agencyId = async (key: keyof typeof AGENCY_NAMES) => (await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.businessName, AGENCY_NAMES[key])))[0].id;
  const author = await person('ambiente@demo.test');
  // The code counters: the demo's openings, in order, per lot and year.
  const sequences = new Map<string, number>();
  let previousHash = (await tx.select({ rowHash: signatureEvidence.rowHash }).from(signatureEvidence).orderBy(desc(signatureEvidence.sequence)).limit(1))[0]?.rowHash ?? 'genesis';

  for (const seed of REPORTS) {
    const [order] = await tx.select().from(orders).where(eq(orders.name, seed.order));
    const [lot] = await tx.select().from(lots).where(eq(lots.id, order.lotId));
    const created = dayOffset(seed.daysAgo);
    const opened = seed.status !== 'pending' && seed.status !== 'waiting_phase1_signs';
    const openDate = opened ? isoDate(dayOffset(seed.daysAgo - 2)) : null;
    let code: string | null = null;
    let codeSequence: number | null = null;
    if (openDate) {
      const year = Number(openDate.slice(0, 4));
      const key = `${lot.id}|${year}`;
      codeSequence = (sequences.get(key) ?? 0) + 1;
      sequences.set(key, codeSequence);
      code = ncaReportCode(lot.code, year, codeSequence);
    }
    const [report] = await tx
      .insert(ncaReports)
      .values({
        createdAt: created,
        updatedAt: created,
        code,
        codeYear: openDate ? Number(openDate.slice(0, 4)) : null,
        codeSequence,
        status: seed.status,
        lotId: lot.id,
        orderId: order.id,
        targetAgencyId: await agencyId(seed.agency as keyof typeof AGENCY_NAMES),
        openedById: author.id,
        openDate,
        closingDate: seed.closedDaysAgo !== undefined ? isoDate(dayOffset(seed.closedDaysAgo)) : null,
        description: seed.description,
        wbs: `WBS-${lot.code}-${String(seed.daysAgo).padStart(2, '0')}`,
        ambientSettingId: await settingId('environmentalAspectType', seed.aspect),
        warningLevelSettingId: await settingId('severityLevel', seed.severity),
        systemSettingId: await settingId('ncaType', seed.ncaType),
        documentSettingIds: [await settingId('referenceDocument', 'Piano di gestione ambientale di cantiere')],
        origin: seed.origin,
        detectorName: 'Roberto Ambiente',
        causeAnalysis: seed.causeAnalysis ?? null,
        containmentActions: (seed.containment ?? []).map((c) => ({ what: c.what, who: c.who, when: isoDate(created), verifiedById: c.verified ? author.id : null })),
        fiveWhys: seed.fiveWhys ?? [],
        ishikawaCategories: seed.ishikawa ?? [],
        signRound: seed.rounds?.length ?? 0,
      })
      .returning();
    // A closed report has its effectiveness check, N days after closing (the severity's N).
    if (report.status === 'closed' && report.closingDate) {
      const [severity] = await tx.select({ days: settings.effectivenessCheckDays }).from(settings).where(eq(settings.id, report.warningLevelSettingId!));
      await tx.insert(ncaEffectivenessChecks).values({ reportId: report.id, dueDate: effectivenessDueDate(report.closingDate, severity?.days) });
    }
    const history = async (action: string, kind: 'transition' | 'signature' | 'change', actorId: string | null, extra: Partial<typeof ncaHistory.$inferInsert> = {}) =>
      tx.insert(ncaHistory).values({ reportId: report.id, kind, action, actorId, entityType: 'nca-reports', entityId: report.id, ...extra, createdAt: created });
    for (const [i, a] of (seed.actions ?? []).entries()) {
      const done = ['completed', 'closed'].includes(a.status);
      await tx.insert(correctiveActions).values({
        reportId: report.id,
        sequence: i + 1,
        name: a.name,
        actionType: a.actionType,
        status: a.status,
        documents: a.documents ?? [],
        expires: a.expireInDays !== undefined,
        expireDate: a.expireInDays !== undefined ? isoDate(dayOffset(-a.expireInDays)) : null,
        agencyId: a.actionType === 'internal' ? null : report.targetAgencyId,
        proposedById: author.id,
        confirmationDate: a.status === 'new' ? null : dayOffset(seed.daysAgo - 8),
        confirmedById: a.status === 'new' ? null : (await person('admin@demo.test')).id,
        startedAt: ['in_progress', 'completed', 'closed'].includes(a.status) ? dayOffset(seed.daysAgo - 12) : null,
        completedAt: done ? dayOffset(seed.daysAgo - 20) : null,
        closedAt: a.status === 'closed' ? dayOffset(seed.daysAgo - 25) : null,
        closedById: a.status === 'closed' ? author.id : null,
        effectivenessNote: a.status === 'closed' ? 'Verificato in sopralluogo: azione efficace.' : null,
        closeReason: a.status === 'closed' ? 'verified' : null,
      });
    }
    for (const [r, round] of (seed.rounds ?? []).entries()) {
      const snapshot = await phaseSnapshot(tx, { ...report, code: round.phase === 'first' ? null : report.code }, round.phase);
      const snapshotHash = snapshotHashOf(snapshot);
      // The document of the round as requesting it renders it: the phase's data and its signers, all still to sign.
      const signers = await Promise.all(round.signers.map(async (s) => ({ person: await person(s.email), fn: s.fn })));
      const pdf = await renderPhasePdf(
        snapshot,
        snapshotHash,
        signers.map(({ person: p, fn }) => ({
          phase: round.phase,
          round: r + 1,
          signer: [p.name, p.surname].filter(Boolean).join(' ') || p.email,
          functionName: fn,
          status: 'pending',
          signedAt: null,
          explanation: null,
          snapshotHash,
        })),
        created,
        'it',
        seal,
      );
      const pdfSha256 = sha256Hex(pdf);
      const pdfStorageKey = await storage.put(Buffer.from(pdf));
      for (const s of round.signers) {
        const signer = await person(s.email);
        const fnId = await settingId('companyFunction', s.fn);
        const signedAt = s.outcome === 'signed' ? dayOffset(seed.daysAgo - 1 - r * 10) : null;
        const requestId = randomUUID();
        let evidenceId: string | null = null;
        if (signedAt) {
          const evidence = {
            id: randomUUID(),
            signRequestId: requestId,
            reportId: report.id,
            phase: round.phase,
            round: r + 1,
            userId: signer.id,
            signer: { userId: signer.id, name: signer.name ?? '', surname: signer.surname ?? '', taxCode: signer.taxCode, email: signer.email },
            agencyFunctionSettingId: fnId,
            agencyFunctionName: s.fn,
            snapshotHash,
            pdfSha256,
            pdfStorageKey,
            consentText: CONSENT_TEXT,
            consentVersion: CONSENT_VERSION,
            challengeId: randomUUID(),
            channel: 'email',
            destinationMasked: maskEmail(signer.email),
            codeIssuedAt: new Date(signedAt.getTime() - 120_000),
            attemptsUsed: 1,
            signedAt,
            ip: '127.0.0.1',
            userAgent: 'demo seed',
            sessionId: null,
            previousHash,
          };
          const rowHash = evidenceRowHash(evidence);
          await tx.insert(signatureEvidence).values({ ...evidence, rowHash });
          previousHash = rowHash;
          evidenceId = evidence.id;
        }
        await tx.insert(signRequests).values({
          id: requestId,
          reportId: report.id,
          phase: round.phase,
          round: r + 1,
          userId: signer.id,
          agencyFunctionSettingId: fnId,
          status: s.outcome,
          signedAt,
          explanationsRequest: s.outcome === 'rejected' ? 'La descrizione non corrisponde a quanto rilevato: lo scolo è nel fosso di cantiere, non in quello pubblico.' : null,
          snapshotHash,
          pdfSha256,
          pdfStorageKey,
          requestedById: author.id,
          decidedById: s.outcome === 'rejected' ? signer.id : null,
          evidenceId,
        });
      }
    }
    for (const action of seed.path) {
      const kind = action === 'sign' || action === 'reject' ? 'signature' : action === 'created' || action === 'actionProposed' ? 'change' : 'transition';
      await history(action, kind, action.endsWith('Complete') || action.endsWith('Rejected') ? null : author.id);
    }
  }
  for (const [key, lastSequence] of sequences) {
    const [lotId, year] = key.split('|');
    await tx.insert(ncaCodeCounters).values({ lotId, year: Number(year), lastSequence });
  }
};
