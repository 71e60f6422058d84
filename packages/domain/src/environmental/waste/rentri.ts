import { findEerCode } from './eer.ts';
import { RENTRI_SITE_NUMBER } from './rentri-codes.ts';
import type { TFormIssue } from './form-rules.ts';
import type { TFormRecord } from './form-schemas.ts';

/*
 * The waste form as the body of RENTRI's "create FIR" operation (formulari v1.0, POST /, schema
 * NuovoFormularioModel; the OpenAPI file is vendored in apps/api/.../forms/rentri/formulari.yaml).
 * Every value comes from the form: when RENTRI requires something the form does not hold, the
 * body is not built and the missing fields are listed instead (never a made-up value).
 */

type TAddressOut = NonNullable<TFormRecord['producer']['address']>;
type TPartyOut = TFormRecord['intermediaries'][number];

export type TRentriAddress = { citta: { comune_id: string } | { nazione_id: string; nome_citta: string }; indirizzo: string; civico?: string; cap?: string };
export type TRentriParty = { denominazione: string; codice_fiscale: string; nazione_id: string; numero_iscrizione_albo?: string };
export type TRentriFirBody = {
  num_iscr_sito: string;
  dati_partenza: {
    numero_fir: string;
    produttore: TRentriParty & { indirizzo: TRentriAddress; autorizzazione?: { numero: string } };
    destinatario: TRentriParty & { indirizzo: TRentriAddress; attivita: string; autorizzazione?: { numero?: string; tipo?: string } };
    trasportatori: (TRentriParty & { tipo_trasporto: string })[];
    intermediari?: TRentriParty[];
    rifiuto: {
      codice_eer: string;
      descrizione?: string;
      provenienza: string;
      caratteristiche_chimico_fisiche?: string;
      caratteristiche_pericolo?: string[];
      stato_fisico: string;
      quantita: { valore: number; unita_misura: string };
      verificato_in_partenza: boolean;
      trasporto_adr: boolean;
      dati_adr?: { numero_onu?: string; classe?: string; note?: string };
      analisi_classificazione?: { tipo: string; numero: string; data?: string };
      numero_colli?: string;
      rinfusa: boolean;
    };
    annotazioni?: string;
  };
  dati_trasporto_partenza?: {
    data_ora_inizio_trasporto: string;
    conducente: { nome: string; cognome: string };
    targa_automezzo?: string;
    targa_rimorchio?: string;
    percorso?: string;
  };
};

export type TRentriBuild = { ok: true; body: TRentriFirBody } | { ok: false; missing: TFormIssue[] };

/** Drops the keys whose value is null or undefined: RENTRI's optional fields are left out, not sent as null. */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;
}

/** An address as RENTRI wants it: an Italian comune by its ISTAT code, a foreign city by name and country. */
function addressOf(address: TAddressOut | null, nationId: string, path: string, missing: TFormIssue[]): TRentriAddress | null {
  if (!address) {
    missing.push({ path: `${path}.address`, message: 'RENTRI needs the address' });
    return null;
  }
  const italian = nationId.toUpperCase() === 'IT';
  const code = address.cityCode ?? null;
  if (italian && !code) {
    missing.push({ path: `${path}.address.cityCode`, message: "RENTRI needs the comune's ISTAT code (6 digits)" });
    return null;
  }
  return compact({
    citta: italian && code ? { comune_id: code } : { nazione_id: nationId.toUpperCase(), nome_citta: address.city },
    indirizzo: address.street,
    civico: address.streetNumber ?? undefined,
    cap: address.postalCode ?? undefined,
  });
}

function partyOf(p: TPartyOut): TRentriParty {
  return compact({ denominazione: p.name, codice_fiscale: p.taxCode, nazione_id: p.nationId, numero_iscrizione_albo: p.registrationNumber ?? undefined });
}

/** `2026-03-01` -> the start of that day in Rome, as RENTRI's date-time. */
function romeMidnight(date: string): string {
  const probe = new Date(`${date}T12:00:00Z`);
  const romeHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' }).format(probe));
  const offset = romeHour - 12;
  return `${date}T00:00:00+0${offset}:00`;
}

/**
 * The form fields RENTRI needs beyond the form's own rules (the paths `buildRentriFir` names when one is
 * missing): the web marks them "needed for RENTRI". `packages` is needed unless the load is bulk.
 */
export const RENTRI_NEEDED_FIELDS = ['producer.siteRegistrationNumber', 'packages', 'producer.address.cityCode', 'receiver.address.cityCode'] as const;

/** What RENTRI needs that the form may lack: the answer to "could this form be sent now?". */
export function missingForRentri(form: TFormRecord): TFormIssue[] {
  const built = buildRentriFir(form);
  return built.ok ? [] : built.missing;
}

/** The form -> RENTRI's NuovoFormularioModel, or the RENTRI-required fields it lacks. */
export function buildRentriFir(form: TFormRecord): TRentriBuild {
  const missing: TFormIssue[] = [];
  const site = form.producer.siteRegistrationNumber;
  if (!site) missing.push({ path: 'producer.siteRegistrationNumber', message: "RENTRI needs the producer site's registration number (OP...)" });
  else if (!RENTRI_SITE_NUMBER.test(site)) missing.push({ path: 'producer.siteRegistrationNumber', message: 'a RENTRI site number looks like OP1234ABC123456-RM0001', value: site });
  if (!form.bulk && !form.packages) missing.push({ path: 'packages', message: 'RENTRI needs the number of packages, or the load marked as bulk' });
  const producerAddress = addressOf(form.producer.address, form.producer.nationId, 'producer', missing);
  const receiverAddress = addressOf(form.receiver.address, form.receiver.nationId, 'receiver', missing);
  if (missing.length || !site || !producerAddress || !receiverAddress) return { ok: false, missing };

  const hazardous = findEerCode(form.cer)?.hazardous ?? false;
  const first = form.transporters[0];
  const departure =
    first && first.transportType === 'Terrestre' && first.startAt && first.driverName && first.driverSurname
      ? compact({
          data_ora_inizio_trasporto: first.startAt,
          conducente: { nome: first.driverName, cognome: first.driverSurname },
          targa_automezzo: first.vehiclePlate ?? undefined,
          targa_rimorchio: first.trailerPlate ?? undefined,
          percorso: first.route ?? undefined,
        })
      : undefined;
  const body: TRentriFirBody = compact({
    num_iscr_sito: site,
    dati_partenza: compact({
      numero_fir: form.code,
      produttore: compact({
        ...partyOf(form.producer),
        indirizzo: producerAddress,
        autorizzazione: form.producer.authorization ? { numero: form.producer.authorization } : undefined,
      }),
      destinatario: compact({
        ...partyOf(form.receiver),
        indirizzo: receiverAddress,
        attivita: form.wasteDestination,
        autorizzazione:
          form.receiver.authorization || form.receiver.authorizationType
            ? compact({ numero: form.receiver.authorization ?? undefined, tipo: form.receiver.authorizationType ?? undefined })
            : undefined,
      }),
      trasportatori: form.transporters.map((t) => ({ ...partyOf(t), tipo_trasporto: t.transportType })),
      intermediari: form.intermediaries.length ? form.intermediaries.map(partyOf) : undefined,
      rifiuto: compact({
        codice_eer: form.cer,
        descrizione: form.cerDescription ?? undefined,
        provenienza: form.origin,
        caratteristiche_chimico_fisiche: form.chemicalPhysicalCharacteristics ?? undefined,
        caratteristiche_pericolo: hazardous ? [...form.dangerClass] : undefined,
        stato_fisico: form.physicalState,
        // The exact decimal (at most 10+4 digits) as a JSON number: RENTRI's `double`.
        quantita: { valore: Number(form.quantity.value), unita_misura: form.quantity.unit },
        verificato_in_partenza: form.verifiedAtDeparture,
        trasporto_adr: form.adr,
        dati_adr: form.adr && form.adrData ? compact({ numero_onu: form.adrData.unNumber ?? undefined, classe: form.adrData.class ?? undefined, note: form.adrData.notes ?? undefined }) : undefined,
        analisi_classificazione: form.certificate
          ? compact({ tipo: form.certificate.type, numero: form.certificate.number, data: form.certificate.date ? romeMidnight(form.certificate.date) : undefined })
          : undefined,
        numero_colli: form.packages ? String(form.packages) : undefined,
        rinfusa: form.bulk,
      }),
      annotazioni: form.notes ?? undefined,
    }),
    dati_trasporto_partenza: departure,
  });
  return { ok: true, body };
}
