import { eq, inArray } from 'drizzle-orm';
import type { TCompanyKind } from '@app/domain/environmental/companies';
import { classicCigOf } from '@app/domain/environmental/procurement-codes';
import { ENVIRONMENTAL_SETTING_TYPES, type TAgencyFunctionType, type TAmbientCategory, type TEnvironmentalSettingType } from '@app/domain/environmental/settings';
import { luhnCheckDigit } from '@app/domain/platform/identifiers/partita-iva';
import { agencies, contracts, laboratories, lots, orders, settings, users } from '../db/schema/index.ts';
import type { TTx } from '../db/client.ts';
import type { TDemoSeeder } from './demo.ts';
import { slugOf } from '../modules/platform/settings/settings.ts';
import { issueInviteToken } from '../modules/environmental/invites/invite-tokens.ts';

/**
 * Environmental demo data: the consortium's settings lists, three lots with valid CIG and CUP, four
 * agencies (accepted with two users, invited, to invite, accepted with one user), two laboratories
 * with their price lists, five orders of both types, and the default observers. agency@demo.test
 * and lab@demo.test belong to the accepted companies; consortium@demo.test is consortium staff.
 */

export const ENVIRONMENTAL_DEMO_ACCOUNTS = [
  { email: 'consortium@demo.test', role: 'consortium_user', name: 'Chiara', surname: 'Consorzio' },
  { email: 'ambiente@demo.test', role: 'consortium_user', name: 'Roberto', surname: 'Ambiente' },
  { email: 'agency2@demo.test', role: 'agency_user', name: 'Sara', surname: 'Cantiere' },
  { email: 'agency3@demo.test', role: 'agency_user', name: 'Davide', surname: 'Rifiuti' },
] as const;

/** A valid partita IVA from a 7-digit taxpayer number and the Rome office code (058). */
function partitaIva(taxpayer: number): string {
  const first10 = `${String(taxpayer).padStart(7, '0')}058`;
  return first10 + luhnCheckDigit(first10);
}

type TSettingSeed = {
  name: string;
  color?: string;
  needsContainment?: boolean;
  effectivenessCheckDays?: number;
  severityRank?: number;
  ambientCategory?: TAmbientCategory;
  agencyFunctionType?: TAgencyFunctionType;
  description?: string;
};

const SETTINGS: Partial<Record<TEnvironmentalSettingType, TSettingSeed[]>> = {
  environmentalAspectType: [
    { name: 'Documentazione del sistema di gestione ambientale', ambientCategory: 'environmentalManagementSystem' },
    { name: 'Formazione del personale di cantiere', ambientCategory: 'environmentalManagementSystem' },
    { name: 'Deposito temporaneo dei rifiuti', ambientCategory: 'wasteManagement' },
    { name: 'Formulari e registri di carico e scarico', ambientCategory: 'wasteManagement' },
    { name: 'Gestione delle terre e rocce da scavo', ambientCategory: 'excavationSoilAndRock' },
    { name: 'Emissioni in atmosfera e polveri', ambientCategory: 'singleEnvironmentalComponents' },
    { name: 'Rumore e vibrazioni', ambientCategory: 'singleEnvironmentalComponents' },
    { name: 'Scarichi idrici e acque di cantiere', ambientCategory: 'singleEnvironmentalComponents' },
    { name: 'Sversamenti accidentali di oli e carburanti', ambientCategory: 'emergencyResponse' },
    { name: 'Segnalazioni dei cittadini e degli enti', ambientCategory: 'stakeholderRelations' },
  ],
  severityLevel: [
    // The effectiveness check comes 90, 60 or 30 days after closing; the two gravest need containment first.
    { name: 'Lieve', color: '#2e7d32', description: 'Nessun impatto ambientale; correzione documentale', effectivenessCheckDays: 90, severityRank: 1 },
    { name: 'Media', color: '#f9a825', description: 'Impatto contenuto, da correggere entro 30 giorni', effectivenessCheckDays: 60, severityRank: 2 },
    { name: 'Grave', color: '#ef6c00', description: 'Impatto rilevante, da correggere entro 7 giorni', effectivenessCheckDays: 30, needsContainment: true, severityRank: 3 },
    { name: 'Gravissima', color: '#c62828', description: 'Impatto in atto: intervento immediato e comunicazione agli enti', effectivenessCheckDays: 30, needsContainment: true, severityRank: 4 },
  ],
  referenceDocument: [
    { name: 'D.Lgs. 152/2006 - Testo unico ambientale' },
    { name: 'DPR 120/2017 - Terre e rocce da scavo' },
    { name: 'UNI EN ISO 14001:2015' },
    { name: 'Piano di gestione ambientale di cantiere' },
    { name: 'Piano di monitoraggio ambientale' },
    { name: 'Capitolato speciale d’appalto - prescrizioni ambientali' },
  ],
  matrix: [{ name: 'Terre e rocce da scavo' }, { name: 'Acque sotterranee' }, { name: 'Acque di scarico' }, { name: 'Rifiuti' }, { name: 'Aria ambiente' }],
  analyticPackage: [
    { name: 'Set minimo DPR 120/2017 (Tabella 4.1)' },
    { name: 'Metalli pesanti' },
    { name: 'Idrocarburi C<12 e C>12' },
    { name: 'IPA e BTEX' },
    { name: 'Test di cessione DM 05/02/1998' },
    { name: 'Caratterizzazione per omologa rifiuti' },
    { name: 'Polveri PM10 e PM2,5' },
  ],
  ncaType: [{ name: 'Non conformità da audit' }, { name: 'Non conformità da sopralluogo' }, { name: 'Non conformità documentale' }, { name: 'Segnalazione esterna' }],
  companyFunction: [
    { name: 'Direttore dei lavori', agencyFunctionType: 'consortium' },
    { name: 'Responsabile ambientale del consorzio', agencyFunctionType: 'consortium' },
    { name: 'Responsabile unico del progetto', agencyFunctionType: 'consortium' },
    { name: 'Direttore tecnico di cantiere', agencyFunctionType: 'agencies' },
    { name: 'Capo cantiere', agencyFunctionType: 'agencies' },
    { name: 'Referente ambientale dell’impresa', agencyFunctionType: 'agencies' },
  ],
};

async function insertSettings(tx: TTx) {
  const ids: Record<string, Record<string, string>> = {};
  for (const settingType of ENVIRONMENTAL_SETTING_TYPES) {
    const entries = SETTINGS[settingType];
    if (!entries) continue;
    const rows = await tx
      .insert(settings)
      .values(entries.map((e) => ({ settingType, code: slugOf(e.name), ...e })))
      .returning({ id: settings.id, name: settings.name });
    ids[settingType] = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  }
  return ids;
}

const AGENCIES = [
  {
    key: 'edil',
    businessName: 'Edil Strade Tirrenia S.p.A.',
    taxpayer: 1234567,
    phone: '+39 06 4567 8900',
    managerEmail: 'agency@demo.test',
    address: 'Via Appia Nuova 1200, 00178 Roma RM',
    inviteStatus: 'accepted',
  },
  {
    key: 'terra',
    businessName: 'Movimento Terra Pontino S.r.l.',
    taxpayer: 2345678,
    phone: '+39 0773 123456',
    managerEmail: 'direzione@movimentoterrapontino.demo.test',
    address: 'Via Epitaffio 45, 04100 Latina LT',
    inviteStatus: 'invited',
  },
  {
    key: 'calce',
    businessName: 'Calcestruzzi Aurunci S.r.l.',
    taxpayer: 3456789,
    phone: '+39 0771 765432',
    managerEmail: 'ufficio.tecnico@calcestruzziaurunci.demo.test',
    address: 'Via Appia km 142, 04023 Formia LT',
    inviteStatus: 'to_invite',
  },
  {
    key: 'eco',
    businessName: 'Ecologia Garigliano S.r.l.',
    taxpayer: 4567891,
    phone: '+39 0771 612233',
    managerEmail: 'agency3@demo.test',
    address: 'Via Domiziana 8, 04028 Minturno LT',
    inviteStatus: 'accepted',
  },
] as const;

const LABORATORIES = [
  {
    key: 'lazio',
    businessName: 'Laboratorio Analisi Ambientali Lazio S.r.l.',
    taxpayer: 5678912,
    phone: '+39 06 9876 5432',
    managerEmail: 'lab@demo.test',
    address: 'Via Tiburtina 1020, 00156 Roma RM',
    inviteStatus: 'accepted',
  },
  {
    key: 'tirreno',
    businessName: 'ChemLab Tirreno S.r.l.',
    taxpayer: 6789123,
    phone: '+39 0771 334455',
    managerEmail: 'accettazione@chemlabtirreno.demo.test',
    address: 'Via Flacca 22, 04024 Gaeta LT',
    inviteStatus: 'invited',
  },
] as const;

/** Articles of the demo price lists: [code, name, matrix, analytic package, packet, price in cents]. */
const ARTICLES: [string, string, string, string | null, string | null, number][] = [
  ['TR01', 'Set minimo DPR 120/2017 su terre e rocce', 'Terre e rocce da scavo', 'Set minimo DPR 120/2017 (Tabella 4.1)', 'PK-TR', 18500],
  ['TR02', 'Metalli pesanti su terre e rocce (As, Cd, Cr, Hg, Ni, Pb, Cu, Zn)', 'Terre e rocce da scavo', 'Metalli pesanti', 'PK-TR', 9500],
  ['TR03', 'Idrocarburi pesanti C>12 su terre e rocce', 'Terre e rocce da scavo', 'Idrocarburi C<12 e C>12', 'PK-TR', 4800],
  ['TR04', 'IPA su terre e rocce', 'Terre e rocce da scavo', 'IPA e BTEX', null, 7200],
  ['TR05', 'Amianto su terre e rocce (SEM)', 'Terre e rocce da scavo', null, null, 9000],
  ['TR06', 'Scheletro e granulometria', 'Terre e rocce da scavo', null, null, 3500],
  ['AS01', 'Metalli disciolti in acque sotterranee', 'Acque sotterranee', 'Metalli pesanti', 'PK-AS', 8800],
  ['AS02', 'Idrocarburi totali in acque sotterranee', 'Acque sotterranee', 'Idrocarburi C<12 e C>12', 'PK-AS', 5200],
  ['AS03', 'BTEX in acque sotterranee', 'Acque sotterranee', 'IPA e BTEX', 'PK-AS', 6100],
  ['AS04', 'Parametri chimico-fisici (pH, conducibilità, temperatura)', 'Acque sotterranee', null, null, 2500],
  ['SC01', 'Scarico in acque superficiali, Tab. 3 All. 5 D.Lgs. 152/2006', 'Acque di scarico', null, 'PK-SC', 16500],
  ['SC02', 'Solidi sospesi totali', 'Acque di scarico', null, 'PK-SC', 1800],
  ['SC03', 'COD e BOD5', 'Acque di scarico', null, 'PK-SC', 3200],
  ['SC04', 'Idrocarburi totali negli scarichi', 'Acque di scarico', 'Idrocarburi C<12 e C>12', null, 5000],
  ['RF01', 'Caratterizzazione di base per omologa', 'Rifiuti', 'Caratterizzazione per omologa rifiuti', 'PK-RF', 22000],
  ['RF02', 'Test di cessione per recupero', 'Rifiuti', 'Test di cessione DM 05/02/1998', 'PK-RF', 14500],
  ['RF03', 'Attribuzione caratteristiche di pericolo HP', 'Rifiuti', 'Caratterizzazione per omologa rifiuti', null, 12000],
  ['RF04', 'Metalli su rifiuto tal quale', 'Rifiuti', 'Metalli pesanti', null, 9800],
  ['AR01', 'Polveri PM10 (campionamento 24 h)', 'Aria ambiente', 'Polveri PM10 e PM2,5', 'PK-AR', 11000],
  ['AR02', 'Polveri PM2,5 (campionamento 24 h)', 'Aria ambiente', 'Polveri PM10 e PM2,5', 'PK-AR', 11000],
  ['AR03', 'Metalli su polveri PM10', 'Aria ambiente', 'Metalli pesanti', null, 8500],
  ['PR01', 'Prelievo di campione in cantiere', 'Terre e rocce da scavo', null, null, 6000],
  ['PR02', 'Trasferta tecnico (a uscita)', 'Aria ambiente', null, null, 4500],
];

const LOTS = [
  {
    name: 'Lotto 1 - Variante di Formia',
    code: 'L01',
    progressive: 8812345,
    cup: 'J81B21000120005',
    functionalCode: 'FC-VAR-01',
    description: 'Galleria naturale e viadotti della variante alla SS7 Appia.',
  },
  { name: 'Lotto 2 - Svincolo di Gaeta', code: 'L02', progressive: 9001234, cup: 'J81B21000130005', functionalCode: 'FC-SVI-02', description: 'Svincolo a livelli sfalsati e opere di raccordo.' },
  {
    name: 'Lotto 3 - Opere idrauliche',
    code: 'L03',
    progressive: 7654321,
    cup: 'J87G22000360002',
    functionalCode: 'FC-IDR-03',
    description: 'Canali di gronda, vasche di laminazione e impianto di trattamento acque di piattaforma.',
  },
] as const;

export const seedEnvironmentalDemo: TDemoSeeder = async (tx, demoUsers) => {
  const [{ passwordHash }] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, demoUsers['admin@demo.test']));
  const people: Record<string, string> = { ...demoUsers };
  for (const account of ENVIRONMENTAL_DEMO_ACCOUNTS) {
    const [row] = await tx
      .insert(users)
      .values({ ...account, passwordHash, isConfirmed: true, isProfileComplete: true })
      .onConflictDoNothing()
      .returning({ id: users.id });
    people[account.email] = row?.id ?? (await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email)))[0].id;
  }

  const setting = await insertSettings(tx);
  await tx.insert(settings).values(
    ['consortium@demo.test', 'ambiente@demo.test'].map((email) => ({
      settingType: 'defaultObserver' as const,
      code: people[email],
      userId: people[email],
      name: email === 'consortium@demo.test' ? 'Chiara Consorzio' : 'Roberto Ambiente',
    })),
  );

  const lotIds: string[] = [];
  for (const lot of LOTS) {
    const { progressive, ...values } = lot;
    const [row] = await tx
      .insert(lots)
      .values({ ...values, cig: classicCigOf(progressive) })
      .returning({ id: lots.id });
    lotIds.push(row.id);
  }

  const companies = async (kind: TCompanyKind, list: typeof AGENCIES | typeof LABORATORIES) => {
    const table = kind === 'agency' ? agencies : laboratories;
    const ids: Record<string, string> = {};
    const now = new Date();
    for (const company of list) {
      const { key, taxpayer, ...values } = company;
      const [row] = await tx
        .insert(table)
        .values({
          ...values,
          vatNumber: partitaIva(taxpayer),
          contacts: [{ name: 'Ufficio amministrazione', role: 'Amministrazione', email: null, phone: values.phone }],
          invitedAt: values.inviteStatus === 'to_invite' ? null : new Date(now.getTime() - 10 * 86_400_000),
          acceptedAt: values.inviteStatus === 'accepted' ? new Date(now.getTime() - 8 * 86_400_000) : null,
        })
        .returning({ id: table.id });
      ids[key] = row.id;
      if (values.inviteStatus === 'invited') {
        // The link went by e-mail and is unknown here: a resend from the consortium mails a usable one.
        await issueInviteToken(tx, { kind, id: row.id }, { email: values.managerEmail, userId: null }, people['consortium@demo.test']);
      } else if (values.inviteStatus === 'accepted') {
        await tx
          .update(users)
          .set({ [kind === 'agency' ? 'agencyId' : 'laboratoryId']: row.id })
          .where(eq(users.id, people[values.managerEmail]));
      }
    }
    return ids;
  };
  const agencyIds = await companies('agency', AGENCIES);
  const laboratoryIds = await companies('laboratory', LABORATORIES);
  await tx
    .update(users)
    .set({ agencyId: agencyIds.edil })
    .where(inArray(users.id, [people['agency@demo.test'], people['agency2@demo.test']]));

  // The second laboratory is 12% dearer, rounded to ten cents.
  for (const [key, percent, contractCode] of [
    ['lazio', 100, 'LAB-LAZ-2025'],
    ['tirreno', 112, 'CLT-2025-01'],
  ] as const) {
    await tx.insert(contracts).values(
      ARTICLES.map(([articleCode, articleName, matrix, analyticPackage, packetCode, priceCents]) => ({
        code: contractCode,
        laboratoryId: laboratoryIds[key],
        articleCode,
        articleName,
        packetCode,
        matrixSettingId: setting.matrix[matrix],
        analyticPackageSettingId: analyticPackage ? setting.analyticPackage[analyticPackage] : null,
        priceCents: Math.round((priceCents * percent) / 1000) * 10,
      })),
    );
  }

  const director = setting.companyFunction['Direttore dei lavori'];
  const environmentalManager = setting.companyFunction['Responsabile ambientale del consorzio'];
  // The company functions the demo's people hold: a signer signs in a function they hold.
  const held: Record<string, string[]> = {
    'consortium@demo.test': ['Responsabile ambientale del consorzio', 'Direttore dei lavori'],
    'ambiente@demo.test': ['Responsabile ambientale del consorzio'],
    'agency@demo.test': ['Direttore tecnico di cantiere', 'Capo cantiere'],
    'agency2@demo.test': ['Capo cantiere'],
    'agency3@demo.test': ['Direttore tecnico di cantiere'],
  };
  for (const [email, names] of Object.entries(held))
    await tx
      .update(users)
      .set({ companyFunctionSettingIds: names.map((name) => setting.companyFunction[name]) })
      .where(eq(users.id, people[email]));
  await tx.insert(orders).values([
    {
      name: 'ODL 01/2025 - Scavo galleria Monte Altino',
      lotId: lotIds[0],
      orderType: 'work_order',
      agencyIds: [agencyIds.edil],
      managerId: people['consortium@demo.test'],
      agencyFunctionSettingId: director,
      userId: people['ambiente@demo.test'],
    },
    {
      name: 'ODL 02/2025 - Trasporto terre a sito di deposito',
      lotId: lotIds[0],
      orderType: 'work_order',
      agencyIds: [agencyIds.edil, agencyIds.eco],
      managerId: people['consortium@demo.test'],
      agencyFunctionSettingId: environmentalManager,
      userId: people['consortium@demo.test'],
    },
    {
      name: 'Bando 01/2025 - Pavimentazioni svincolo',
      lotId: lotIds[1],
      orderType: 'announcement',
      agencyIds: [agencyIds.edil, agencyIds.terra, agencyIds.calce],
      managerId: people['ambiente@demo.test'],
      agencyFunctionSettingId: director,
      userId: people['consortium@demo.test'],
    },
    {
      name: 'ODL 03/2025 - Gestione rifiuti di cantiere',
      lotId: lotIds[2],
      orderType: 'work_order',
      agencyIds: [agencyIds.eco],
      managerId: people['ambiente@demo.test'],
      agencyFunctionSettingId: environmentalManager,
      userId: people['ambiente@demo.test'],
    },
    {
      name: 'Bando 02/2025 - Vasche di laminazione',
      lotId: lotIds[2],
      orderType: 'announcement',
      agencyIds: [agencyIds.terra, agencyIds.eco],
      managerId: people['consortium@demo.test'],
      agencyFunctionSettingId: director,
      userId: null,
    },
  ]);
};
