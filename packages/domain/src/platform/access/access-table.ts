import type { TRole } from '../auth/roles.ts';
import { isOwnKey, ownKeys, ownValue } from '../records/keys.ts';

/*
 * Who may do what, declared once. Every resource (an API collection, a workflow, or a screen) lists
 * its actions; each action lists the roles that may take it and, per role, how far into the records
 * the grant reaches (the record scope). From this one table:
 * - the API derives each collection's role checks and picks the row scope for the caller's role;
 * - workflows take the `who` of each transition;
 * - the web derives its route table, its menu and react-admin's `canAccess`.
 * With the permission system switched on, a non-admin also needs the action's permission key
 * (`<permission>.<operation>`), whose record filters narrow the scope further.
 * What a grant cannot say about a role (it passes every permission key; the side of the NCA
 * workflow it acts on) is declared per role in ROLE_TRAITS, below the grants.
 */

export const AREAS = ['platform', 'touristTax', 'environmental'] as const;
export type TArea = (typeof AREAS)[number];

/**
 * How far a grant reaches. The API implements each name as SQL for each resource that uses it;
 * rows outside the caller's scope do not exist for the caller (404).
 * - all: every record (a resource may still hide some from everybody, e.g. deleted accounts);
 * - ownCity: the records of the comune the user belongs to (`users.cityId`);
 * - managedStructures: the structures a hotelier manages (`structures.userIds`) and what hangs off
 *   them (stays, declarations, Modello 21, the comuni, rules and documents of those structures);
 * - recipient: records addressed to the user (communications, notifications);
 * - published: records the owner made public (visible FAQs, active categories, settings other than feature flags, confirmed events, or
 *   the user's own events);
 * - self: the user's own record or own rows;
 * - permissionSystemOn: readable only while the permission system is switched on;
 * - ownAgency / ownLaboratory: the records of the supplier agency or laboratory the user belongs to;
 * - consortiumAndSuppliers: the consortium's staff and the accounts of its supplier agencies and
 *   laboratories (whom consortium staff name as managers and followers of orders), and yourself.
 * - ncaParticipant: the NCA reports a supplier or laboratory user takes part in, and what hangs off
 *   them (corrective actions, sign requests): reports that target the user's agency once they leave
 *   the consortium's draft, reports its agency detected, reports the user observes or is asked to
 *   sign. Writes reach less: the target agency's cause analysis, its own agency's corrective actions
 *   or those assigned to the user.
 * - sharedWithRole: the user's own rows and those shared with the user's role, in the user's tenant
 *   (same comune, agency or laboratory) or by someone who manages that role (saved views).
 */
export const RECORD_SCOPES = [
  'all',
  'ownCity',
  'managedStructures',
  'recipient',
  'published',
  'self',
  'permissionSystemOn',
  'ownAgency',
  'ownLaboratory',
  'consortiumAndSuppliers',
  'ncaParticipant',
  'sharedWithRole',
] as const;
export type TRecordScope = (typeof RECORD_SCOPES)[number];

/** Role -> record scope. A role absent from the grant may not take the action (403). */
export type TGrant = Partial<Record<TRole, TRecordScope>>;

export type TActionAccess = {
  grant: TGrant;
  /** Permission key checked when the permission system is on; collection actions default to `<entity>.<operation>`. */
  permission?: string;
};

export type TResourceAccess = {
  area: TArea;
  /**
   * Entity name of the permission keys (`faqs` in `faqs.getAll`) and of the audit log. The standard
   * collection actions check `<entity>.<operation>`; other actions only the key they declare.
   * Without it the permission system does not apply to the resource.
   */
  entity?: string;
  actions: Record<string, TActionAccess>;
};

/** The standard operations of a collection, and the permission operation each one checks. */
export const COLLECTION_ACTIONS = { list: 'getAll', read: 'get', create: 'create', update: 'update', delete: 'delete' } as const;
export type TCollectionAction = keyof typeof COLLECTION_ACTIONS;

const ADMIN: TGrant = { admin: 'all' };
const COMUNE: TGrant = { admin: 'all', city: 'ownCity' };
const HOTELIER: TGrant = { admin: 'all', user: 'managedStructures' };
const TOURIST_TAX_READERS: TGrant = { admin: 'all', city: 'ownCity', user: 'managedStructures' };
const CONSORTIUM: TGrant = { admin: 'all', consortium_user: 'all' };
const EVERYONE_SIGNED_IN: TGrant = { admin: 'all', city: 'all', user: 'all', agency_user: 'all', laboratory_user: 'all', consortium_user: 'all' };
const EVERYONE_SELF: TGrant = { admin: 'all', city: 'self', user: 'self', agency_user: 'self', laboratory_user: 'self', consortium_user: 'self' };
const EVERYONE_RECIPIENT: TGrant = { admin: 'recipient', city: 'recipient', user: 'recipient', agency_user: 'recipient', laboratory_user: 'recipient', consortium_user: 'recipient' };
const MAIL_READERS: TGrant = { ...EVERYONE_RECIPIENT, admin: 'all' };
const EVERYONE_SHARED_WITH_ROLE: TGrant = {
  admin: 'sharedWithRole',
  city: 'sharedWithRole',
  user: 'sharedWithRole',
  agency_user: 'sharedWithRole',
  laboratory_user: 'sharedWithRole',
  consortium_user: 'sharedWithRole',
};
const EVERYONE_OWN: TGrant = { admin: 'self', city: 'self', user: 'self', agency_user: 'self', laboratory_user: 'self', consortium_user: 'self' };
const EVERYONE_PUBLISHED: TGrant = { admin: 'all', city: 'published', user: 'published', agency_user: 'published', laboratory_user: 'published', consortium_user: 'published' };
/** Roles and permissions: readable by non-admins only while the permission system is on. */
const PERMISSION_SYSTEM_READERS: TGrant = {
  admin: 'all',
  city: 'permissionSystemOn',
  user: 'permissionSystemOn',
  agency_user: 'permissionSystemOn',
  laboratory_user: 'permissionSystemOn',
  consortium_user: 'permissionSystemOn',
};
/** NCA reports and what hangs off them: the consortium all, suppliers and laboratories those they take part in. */
const NCA_READERS: TGrant = { admin: 'all', consortium_user: 'all', agency_user: 'ncaParticipant', laboratory_user: 'ncaParticipant' };
const NCA_WRITERS: TGrant = { admin: 'all', consortium_user: 'all', agency_user: 'ncaParticipant' };
/** Waste forms: the consortium all of them, a supplier agency those of its own agency. */
const FORM_PARTIES: TGrant = { admin: 'all', consortium_user: 'all', agency_user: 'ownAgency' };
/** Registries: the comune its own, hoteliers all of them. */
const REGISTRY_READERS: TGrant = { admin: 'all', city: 'ownCity', user: 'all' };

const allow = (grant: TGrant, permission?: string): TActionAccess => (permission ? { grant, permission } : { grant });

/**
 * list + read with one grant, create/update/delete with another, and `restore` (bring back a past
 * version from the record's history) for administrators. Restoring is its own action, not `update`:
 * it rewrites several fields at once from an old version, so a role that may edit a record does
 * not restore it unless its resource says so (`restore` in `extra`, for the records' owners).
 */
function collection(read: TGrant, write: TGrant, extra: Record<string, TActionAccess> = {}): Record<string, TActionAccess> {
  return { list: allow(read), read: allow(read), create: allow(write), update: allow(write), delete: allow(write), restore: allow(ADMIN), ...extra };
}

/** Who may be named to sign an NCA phase: consortium staff, admins and suppliers' people, each for their own requests. */
const NCA_SIGNERS: TGrant = { admin: 'all', agency_user: 'self', laboratory_user: 'self', consortium_user: 'self' };

export const ACCESS = {
  // ---- platform ----
  users: {
    area: 'platform',
    entity: 'users',
    actions: {
      // A comune sees its own staff and the hoteliers of its structures; consortium staff see each
      // other and the suppliers' accounts (to name an order's manager and follower); everyone else
      // only themselves. Deleted (anonymised) accounts are out of every scope, an admin's included.
      list: allow({ admin: 'all', city: 'ownCity', user: 'self', agency_user: 'self', laboratory_user: 'self', consortium_user: 'consortiumAndSuppliers' }),
      read: allow({ admin: 'all', city: 'ownCity', user: 'self', agency_user: 'self', laboratory_user: 'self', consortium_user: 'consortiumAndSuppliers' }),
      create: allow(ADMIN),
      update: allow(ADMIN),
      delete: allow(ADMIN),
      restore: allow(ADMIN),
      invite: allow(ADMIN),
      impersonate: allow(ADMIN),
    },
  },
  profile: {
    area: 'platform',
    actions: {
      view: allow(EVERYONE_SIGNED_IN),
      completeProfile: allow(EVERYONE_SIGNED_IN),
      // An administrator cannot delete their own account (another administrator does), so that the
      // last one cannot lock everybody out.
      deleteAccount: allow({ city: 'self', user: 'self', agency_user: 'self', laboratory_user: 'self', consortium_user: 'self' }),
    },
  },
  roles: { area: 'platform', entity: 'roles', actions: collection(PERMISSION_SYSTEM_READERS, ADMIN) },
  permissions: { area: 'platform', entity: 'permissions', actions: collection(PERMISSION_SYSTEM_READERS, ADMIN) },
  // Feature flags are the administrator's switches: other roles read only the lists (published: not a flag).
  settings: { area: 'platform', entity: 'settings', actions: collection(EVERYONE_PUBLISHED, ADMIN) },
  labels: { area: 'platform', entity: 'labels', actions: collection(ADMIN, ADMIN) },
  // The management landing page links to settings (everyone reads them), labels and roles.
  management: { area: 'platform', actions: { view: allow(EVERYONE_SIGNED_IN) } },
  notifications: { area: 'platform', actions: { list: allow(EVERYONE_RECIPIENT), update: allow(EVERYONE_RECIPIENT) } },
  uploads: { area: 'platform', actions: { list: allow(EVERYONE_SELF), read: allow(EVERYONE_SELF), create: allow(EVERYONE_SELF), delete: allow(EVERYONE_SELF) } },
  // Written by the system only.
  'audit-logs': { area: 'platform', entity: 'auditLogs', actions: { list: allow(ADMIN), read: allow(ADMIN) } },
  // Administrators read every message; everyone else the messages sent to their own address (in demo
  // mode, without SMTP, that is where a signer reads their one-time code; with SMTP, secrets are masked).
  'mail-outbox': { area: 'platform', entity: 'mailOutbox', actions: { list: allow(MAIL_READERS), read: allow(MAIL_READERS) } },
  search: { area: 'platform', actions: { view: allow(ADMIN) } },
  'app-versions': { area: 'platform', actions: { create: allow(ADMIN) } },
  // The design-system showcase (theme and components) is for the people who build and brand the product.
  documentation: { area: 'platform', actions: { view: allow(ADMIN) } },
  // The FAQs answer hoteliers' questions about the tourist tax: hoteliers read the visible ones, admins write them.
  faqs: { area: 'platform', entity: 'faqs', actions: collection({ admin: 'all', user: 'published' }, ADMIN) },
  categories: { area: 'platform', entity: 'categories', actions: collection(EVERYONE_PUBLISHED, ADMIN) },
  // Hoteliers propose events (and cancel their own); an administrator confirms them.
  events: {
    area: 'platform',
    entity: 'events',
    // A proposer may only cancel: moving an event to any other status is confirming it.
    actions: collection({ admin: 'all', user: 'published' }, { admin: 'all', user: 'self' }, { confirm: allow(ADMIN) }),
  },
  // Saved views of the lists: everyone keeps their own (administrators too: a view is a preference,
  // not a record to administer) and reads those shared with their role (see saved-views/saved-views.ts).
  'saved-views': { area: 'platform', entity: 'savedViews', actions: collection(EVERYONE_SHARED_WITH_ROLE, EVERYONE_OWN) },
  customers: { area: 'platform', entity: 'customers', actions: collection(ADMIN, ADMIN) },
  projects: { area: 'platform', entity: 'projects', actions: collection(ADMIN, ADMIN) },
  links: { area: 'platform', entity: 'links', actions: collection(ADMIN, ADMIN) },

  // ---- tourist tax ----
  dashboard: {
    area: 'touristTax',
    actions: {
      view: allow(TOURIST_TAX_READERS),
      // The comune's figures (an admin names the comune) and the hotelier's own.
      comune: allow(COMUNE),
      hotelier: allow({ user: 'managedStructures' }),
    },
  },
  cities: {
    area: 'touristTax',
    entity: 'cities',
    actions: {
      // A hotelier's managedStructures over comuni also covers the active comuni, to pick one when
      // registering a structure.
      list: allow(TOURIST_TAX_READERS),
      read: allow(TOURIST_TAX_READERS),
      create: allow(ADMIN),
      update: allow(COMUNE),
      delete: allow(ADMIN),
      restore: allow(ADMIN),
      activate: allow(ADMIN),
    },
  },
  // Registries of a comune: every hotelier reads them all (to classify a structure it registers).
  'structure-types': { area: 'touristTax', entity: 'structure-types', actions: collection(REGISTRY_READERS, COMUNE) },
  'structure-classes': { area: 'touristTax', entity: 'structure-classes', actions: collection(REGISTRY_READERS, COMUNE) },
  'relevant-areas': { area: 'touristTax', entity: 'relevant-areas', actions: collection(REGISTRY_READERS, COMUNE) },
  structures: {
    area: 'touristTax',
    entity: 'structures',
    // A hotelier registers structures (it becomes one of their managers) and edits their contact
    // data; the comune registers and classifies them (the fields only the comune changes are a field
    // rule of the structure, not an access grant). Removing a structure from the registry is the
    // comune's: a hotelier's structure carries its fiscal history, and the comune deactivates it.
    actions: collection(TOURIST_TAX_READERS, TOURIST_TAX_READERS, {
      delete: allow(COMUNE),
      // A hotelier brings back a past version of the structures it manages (an update: its key with the permission system on).
      restore: allow(HOTELIER, 'structures.update'),
      export: allow(TOURIST_TAX_READERS),
      // Set the comune's fields of a structure (comune, active flag, type, class, relevant area).
      classify: allow(COMUNE),
      // The questura's file of a day's arrivals (Alloggiati Web) and ISTAT's monthly movement (C/59).
      alloggiati: allow(TOURIST_TAX_READERS),
      istatMovements: allow(TOURIST_TAX_READERS),
    }),
  },
  // The comune restores its own tariffs (the rules it keeps).
  tariffs: { area: 'touristTax', entity: 'tariffs', actions: collection(TOURIST_TAX_READERS, COMUNE, { restore: allow(COMUNE, 'tariffs.update') }) },
  reductions: { area: 'touristTax', entity: 'reductions', actions: collection(TOURIST_TAX_READERS, COMUNE) },
  exemptions: { area: 'touristTax', entity: 'exemptions', actions: collection(TOURIST_TAX_READERS, COMUNE) },
  stays: {
    area: 'touristTax',
    entity: 'stays',
    // Hoteliers enter their guests' stays; the comune reads them.
    actions: collection(TOURIST_TAX_READERS, HOTELIER, {
      preview: allow(TOURIST_TAX_READERS),
      // The hotelier who entered a stay brings back a past version of it (not once declared: the stay's own rule).
      restore: allow(HOTELIER, 'stays.update'),
      import: allow(HOTELIER),
      export: allow(TOURIST_TAX_READERS),
      // After its rules change, the comune reprices the stays not yet declared (preview, then apply).
      reprice: allow(COMUNE),
      // The Alloggiati Web code tables (places, document types) the guest fields are picked from.
      searchPoliceCodes: allow(TOURIST_TAX_READERS),
    }),
  },
  'declaration-templates': { area: 'touristTax', entity: 'declarationTemplates', actions: collection(TOURIST_TAX_READERS, COMUNE, { generate: allow(COMUNE) }) },
  'filing-settings': { area: 'touristTax', actions: { read: allow(COMUNE), update: allow(COMUNE) } },
  declarations: {
    area: 'touristTax',
    entity: 'declarations',
    actions: collection(TOURIST_TAX_READERS, HOTELIER, {
      submit: allow(HOTELIER),
      validate: allow(COMUNE),
      return: allow(COMUNE),
      revoke: allow(COMUNE),
      recordPayment: allow(HOTELIER),
      manageAttachments: allow(HOTELIER),
      // A period's declarations as a spreadsheet (the comune), and the annual summary per structure.
      export: allow(COMUNE),
      exportAnnualSummary: allow(TOURIST_TAX_READERS),
      // The comune records the pagoPA payments its treasury lists, matched to its notices.
      importPagopaPayments: allow(COMUNE),
    }),
  },
  // The comune's cross-checks of the Agenzia delle Entrate's file (SIATEL, DM MEF 11/11/2020) against
  // its structures' declarations: the comune's own, kept to be read again.
  'siatel-checks': { area: 'touristTax', actions: { list: allow(COMUNE), read: allow(COMUNE), create: allow(COMUNE) } },
  twentyOneModels: {
    area: 'touristTax',
    entity: 'twentyOneModels',
    actions: collection(TOURIST_TAX_READERS, HOTELIER, {
      refresh: allow(HOTELIER),
      submit: allow(HOTELIER),
      validate: allow(COMUNE),
      return: allow(COMUNE),
    }),
  },
  communications: {
    area: 'touristTax',
    entity: 'communications',
    actions: {
      list: allow({ admin: 'all', city: 'ownCity', user: 'recipient' }),
      read: allow({ admin: 'all', city: 'ownCity', user: 'recipient' }),
      // Messages are not edited once sent: there is no update.
      create: allow(COMUNE),
      delete: allow(COMUNE),
      listRecipients: allow(COMUNE),
      markRead: allow({ admin: 'all', city: 'ownCity', user: 'recipient' }),
    },
  },
  // The document area: a comune reads its own documents and those published for every comune but
  // manages only its own; a hotelier reads those of its structures' comuni and the general ones.
  documents: { area: 'touristTax', entity: 'documents', actions: collection(TOURIST_TAX_READERS, COMUNE) },

  // ---- environmental compliance ----
  // The consortium (admins and consortium staff) keeps the registry of its suppliers and invites
  // them; a supplier agency or a laboratory sees only its own company, edits only its contacts and
  // invites its own colleagues.
  lots: { area: 'environmental', entity: 'lots', actions: collection(CONSORTIUM, CONSORTIUM) },
  orders: {
    area: 'environmental',
    entity: 'orders',
    // An agency reads the orders given to it (on its company page), nothing else.
    actions: collection({ admin: 'all', consortium_user: 'all', agency_user: 'ownAgency' }, CONSORTIUM),
  },
  agencies: {
    area: 'environmental',
    entity: 'agencies',
    actions: collection({ admin: 'all', consortium_user: 'all', agency_user: 'ownAgency' }, CONSORTIUM, {
      invite: allow(CONSORTIUM),
      // The company's accounts (its users tab), its contacts, and invitations of further colleagues.
      listUsers: allow({ admin: 'all', consortium_user: 'all', agency_user: 'ownAgency' }, 'agencies.get'),
      updateContacts: allow({ admin: 'all', consortium_user: 'all', agency_user: 'ownAgency' }, 'agencies.update'),
      inviteUsers: allow({ admin: 'all', consortium_user: 'all', agency_user: 'ownAgency' }, 'agencies.update'),
    }),
  },
  laboratories: {
    area: 'environmental',
    entity: 'laboratories',
    actions: collection({ admin: 'all', consortium_user: 'all', laboratory_user: 'ownLaboratory' }, CONSORTIUM, {
      invite: allow(CONSORTIUM),
      listUsers: allow({ admin: 'all', consortium_user: 'all', laboratory_user: 'ownLaboratory' }, 'laboratories.get'),
      updateContacts: allow({ admin: 'all', consortium_user: 'all', laboratory_user: 'ownLaboratory' }, 'laboratories.update'),
      inviteUsers: allow({ admin: 'all', consortium_user: 'all', laboratory_user: 'ownLaboratory' }, 'laboratories.update'),
    }),
  },
  // The lines of the laboratories' price lists: a laboratory reads its own; the consortium keeps them.
  contracts: {
    area: 'environmental',
    entity: 'contracts',
    actions: collection({ admin: 'all', consortium_user: 'all', laboratory_user: 'ownLaboratory' }, CONSORTIUM, {
      import: allow(CONSORTIUM, 'contracts.create'),
      export: allow({ admin: 'all', consortium_user: 'all', laboratory_user: 'ownLaboratory' }, 'contracts.getAll'),
    }),
  },
  // NCA settings and laboratory analysis settings (the `settings` rows other than feature flags):
  // suppliers read the active entries their records name; the consortium keeps the lists.
  'environmental-settings': {
    area: 'environmental',
    entity: 'settings',
    actions: collection({ admin: 'all', consortium_user: 'all', agency_user: 'published', laboratory_user: 'published' }, CONSORTIUM),
  },
  // NCA reports (permission area `nca`): the consortium keeps them; a supplier agency reads those
  // that target it (once out of the draft) or that it detected, writes the cause analysis of those
  // that target it and sends them for validation; a laboratory reads those it observes. Forcing a
  // phase past its signatures is an admin's right, or a consortium user's holding
  // nca.forceSkipSignatures with the permission system on (the workflow's `who` asks the API's answer).
  'nca-reports': {
    area: 'environmental',
    entity: 'nca',
    actions: {
      list: allow(NCA_READERS),
      read: allow(NCA_READERS),
      // A supplier agency reports what it detected (the report's detectedByAgencyId is its own agency),
      // only holding nca.create with the permission system on: the API refuses it otherwise.
      create: allow({ admin: 'all', consortium_user: 'all', agency_user: 'ownAgency' }),
      update: allow({ admin: 'all', consortium_user: 'all', agency_user: 'ncaParticipant' }),
      delete: allow(CONSORTIUM),
      restore: allow(ADMIN),
      requestPhase1Signs: allow(CONSORTIUM, 'signs.create'),
      requestPhase2Signs: allow(CONSORTIUM, 'signs.create'),
      requestClosingSigns: allow(CONSORTIUM, 'signs.create'),
      recall: allow(CONSORTIUM, 'nca.update'),
      submitForValidation: allow({ admin: 'all', consortium_user: 'all', agency_user: 'ncaParticipant' }, 'nca.update'),
      returnToAgency: allow(CONSORTIUM, 'nca.update'),
      forceOpen: allow(CONSORTIUM, 'nca.forceSkipSignatures'),
      forcePhase3: allow(CONSORTIUM, 'nca.forceSkipSignatures'),
      forceClose: allow(CONSORTIUM, 'nca.forceSkipSignatures'),
      // Remind the pending signers of the report's open round (bell and e-mail; at most once an hour per signer).
      remindSigners: allow(CONSORTIUM, 'signs.update'),
      // The append-only history, the PDFs of the phases and of the closed report.
      timeline: allow(NCA_READERS, 'nca.get'),
      pdf: allow(NCA_READERS, 'nca.get'),
      // The evidence of the report's signatures (rows, hash chain, the PDFs as signed) and its check:
      // whoever reads the report may prove what was signed on it.
      evidence: allow(NCA_READERS, 'nca.get'),
      // A comment on the report's timeline (observers included).
      comment: allow(NCA_READERS, 'nca.get'),
      // The register per lot as a spreadsheet, and the dashboard's figures.
      export: allow(CONSORTIUM, 'nca.getAll'),
      dashboard: allow(CONSORTIUM, 'nca.getAll'),
    },
  },
  // Corrective actions (permission area `actions`): suppliers propose them for their own agency
  // (types action and treatment), and start and complete those assigned to them; the consortium
  // validates. Confirming is an admin's (or, with the permission system on, a holder of
  // actions.update's): the workflow's `who` asks the API's answer.
  'corrective-actions': {
    area: 'environmental',
    entity: 'actions',
    actions: {
      list: allow(NCA_READERS),
      read: allow(NCA_READERS),
      create: allow(NCA_WRITERS),
      update: allow(NCA_WRITERS),
      delete: allow(NCA_WRITERS),
      restore: allow(ADMIN),
      confirm: allow(CONSORTIUM, 'actions.update'),
      // Turning a proposal down (it stays new, with a note to its author).
      rejectProposal: allow(CONSORTIUM, 'actions.update'),
      start: allow(NCA_WRITERS, 'actions.update'),
      complete: allow(NCA_WRITERS, 'actions.update'),
      reopen: allow(CONSORTIUM, 'actions.update'),
      close: allow(CONSORTIUM, 'actions.update'),
      closeNotNeeded: allow(ADMIN),
    },
  },
  // Effectiveness checks of closed reports (permission area `nca`): scheduled when a report closes;
  // readable by whoever reads the report (a supplier its own reports' checks); only the consortium
  // records the outcome (not effective opens a new report citing the old one).
  'nca-effectiveness-checks': {
    area: 'environmental',
    entity: 'nca',
    actions: {
      list: allow(NCA_READERS, 'nca.get'),
      read: allow(NCA_READERS, 'nca.get'),
      recordOutcome: allow(CONSORTIUM, 'nca.update'),
    },
  },
  // Sign requests (permission area `signs`): the consortium names the signers (through the report's
  // request actions); each signer asks for a code, signs or rejects only their own requests, under
  // no grant other than being the signer. "Le mie firme" lists what waits for the signed-in user.
  'sign-requests': {
    area: 'environmental',
    entity: 'signs',
    actions: {
      list: allow(NCA_READERS),
      read: allow(NCA_READERS),
      // Signers are the consortium's staff and the suppliers' people (the tourist tax's roles never sign an NCA report).
      mine: allow(NCA_SIGNERS),
      sendCode: allow(NCA_SIGNERS),
      sign: allow(NCA_SIGNERS),
      // The signing terms (FEA, DPCM 22/02/2013 art. 57): read, and accepted once per version before a first signature.
      terms: allow(NCA_SIGNERS),
      acceptTerms: allow(NCA_SIGNERS),
      // A new version of the terms (every signer accepts it again before their next signature).
      publishTerms: allow(ADMIN),
      // Earlier versions of the terms, read-only (the settings' "Condizioni di firma" tab).
      termsVersions: allow(ADMIN),
      reject: allow(NCA_SIGNERS),
      manualReject: allow(CONSORTIUM, 'signs.update'),
      // Clears the wrong-code counters of a request locked after too many wrong codes.
      unlock: allow(CONSORTIUM, 'signs.update'),
      // Sends the pending signer their request again (bell and e-mail; at most once an hour per request).
      remind: allow(CONSORTIUM, 'signs.update'),
    },
  },
  // Waste forms (FIR): a supplier agency registers and corrects the forms of its own agency's orders
  // while they are compiled; the consortium (the producer) signs them (approve, or send back with a
  // reason) and only an administrator revokes a signature. Only a compiled form changes (a rule of the form).
  forms: {
    area: 'environmental',
    entity: 'forms',
    actions: collection(FORM_PARTIES, FORM_PARTIES, {
      // The supplier agency that registers a form restores a past version of it while it is compiled (the form's lock).
      restore: allow({ admin: 'all', agency_user: 'ownAgency' }, 'forms.update'),
      approve: allow(CONSORTIUM, 'forms.update'),
      reject: allow(CONSORTIUM, 'forms.update'),
      revoke: allow(ADMIN, 'forms.update'),
      // RENTRI's states after the producer's signature: the supplier (who carries the load) or the
      // consortium records the departure and the destination's outcome; the producer cancels.
      startTransport: allow(FORM_PARTIES, 'forms.update'),
      accept: allow(FORM_PARTIES, 'forms.update'),
      acceptInPart: allow(FORM_PARTIES, 'forms.update'),
      refuse: allow(FORM_PARTIES, 'forms.update'),
      cancel: allow(CONSORTIUM, 'forms.update'),
      export: allow(FORM_PARTIES, 'forms.getAll'),
      // The signed FIR document (pdf) of a pending form.
      attachDocument: allow(FORM_PARTIES, 'forms.update'),
      // A load turned back at destination for non-conformity opens a prefilled NCA report.
      openNca: allow(CONSORTIUM, 'nca.create'),
      // The form as RENTRI's "create FIR" body: whoever reads the form sees what would be sent.
      rentri: allow(FORM_PARTIES, 'forms.get'),
      // The chronological register of loads and unloads per producer site: the producer's (the consortium's) book;
      // a supplier agency downloads the rows of its own forms.
      register: allow(FORM_PARTIES, 'forms.getAll'),
    }),
  },
  // Landing pages: the supplier's own company.
  'my-company': { area: 'environmental', actions: { view: allow({ agency_user: 'ownAgency', laboratory_user: 'ownLaboratory' }) } },
  // The environmental part of the dashboard (registry figures, NCA figures): the consortium's overview.
  'environmental-dashboard': { area: 'environmental', actions: { view: allow(CONSORTIUM) } },
  // Laboratory test reports (RDP): a laboratory keeps its own (data while in draft, the draft PDF and the signed
  // file) and never approves; an agency reads those of its samples; the consortium reads all, approves, confirms
  // the accounting (SAL) and imports reports in bulk.
  rdps: {
    area: 'environmental',
    entity: 'rdps',
    actions: collection(
      { admin: 'all', consortium_user: 'all', laboratory_user: 'ownLaboratory', agency_user: 'ownAgency' },
      { admin: 'all', consortium_user: 'all', laboratory_user: 'ownLaboratory' },
      {
        uploadDraft: allow({ admin: 'all', laboratory_user: 'ownLaboratory' }, 'rdps.update'),
        uploadSigned: allow({ admin: 'all', laboratory_user: 'ownLaboratory' }, 'rdps.update'),
        approveDraft: allow(CONSORTIUM, 'rdps.update'),
        rejectDraft: allow(CONSORTIUM, 'rdps.update'),
        approveSigned: allow(CONSORTIUM, 'rdps.update'),
        rejectSigned: allow(CONSORTIUM, 'rdps.update'),
        confirmAccounting: allow(CONSORTIUM, 'rdps.update'),
        totals: allow(CONSORTIUM, 'rdps.getAll'),
        import: allow(CONSORTIUM, 'rdps.create'),
        openNca: allow(CONSORTIUM, 'rdps.update'),
        // The lots and agencies a report's sample may belong to, by name: a laboratory reads neither
        // registry, yet names them on the reports it writes.
        sampleChoices: allow({ admin: 'all', consortium_user: 'all', laboratory_user: 'ownLaboratory' }, 'rdps.create'),
      },
    ),
  },
} as const satisfies Record<string, TResourceAccess>;

/** The two sides of the NCA workflow: the consortium, which keeps the reports, and its suppliers. */
export const NCA_SIDES = ['consortium', 'agency'] as const;
export type TNcaSide = (typeof NCA_SIDES)[number];

/** What the grants cannot say about a role: see ROLE_TRAITS. */
export type TRoleTraits = {
  /**
   * The role passes every permission key, the permission system on or off (its grants above still
   * apply): so that the role editor's own keys can never lock everybody out of it.
   */
  holdsEveryPermission: boolean;
  /**
   * The side of the NCA workflow whose part the role writes: `consortium` writes phase 1, validates,
   * confirms and closes, and takes any step of a corrective action its grant allows; `agency` (a
   * supplier agency) writes the target agency's cause analysis, proposes its own agency's actions, and
   * starts or completes only those assigned to it. Null: the role writes no part of a report (a
   * laboratory reads, observes and signs only; the tourist-tax roles take no part).
   */
  ncaSide: TNcaSide | null;
  /**
   * The role may hold company functions (environmental settings of type companyFunction): the
   * corrective actions assigned to a function are carried out by the people holding it, who work on
   * one side of the NCA workflow. The user form offers the field to these roles only.
   */
  holdsCompanyFunctions: boolean;
  /**
   * The kind of organisation the role's accounts belong to (its tenant): a comune, a supplier agency
   * or laboratory (the account's cityId, agencyId or laboratoryId names which), or the consortium (one,
   * so no id). Null: the account stands alone (a hotelier) or above every tenant (an administrator).
   */
  tenant: TTenantKind | null;
};

export const TENANT_KINDS = ['city', 'agency', 'laboratory', 'consortium'] as const;
export type TTenantKind = (typeof TENANT_KINDS)[number];

/** Per role, declared beside the grants (access-table.test.ts checks the two agree). */
export const ROLE_TRAITS = {
  admin: { holdsEveryPermission: true, ncaSide: 'consortium', holdsCompanyFunctions: true, tenant: null },
  city: { holdsEveryPermission: false, ncaSide: null, holdsCompanyFunctions: false, tenant: 'city' },
  user: { holdsEveryPermission: false, ncaSide: null, holdsCompanyFunctions: false, tenant: null },
  agency_user: { holdsEveryPermission: false, ncaSide: 'agency', holdsCompanyFunctions: true, tenant: 'agency' },
  laboratory_user: { holdsEveryPermission: false, ncaSide: null, holdsCompanyFunctions: false, tenant: 'laboratory' },
  consortium_user: { holdsEveryPermission: false, ncaSide: 'consortium', holdsCompanyFunctions: true, tenant: 'consortium' },
} as const satisfies Record<TRole, TRoleTraits>;

function traitsOf(role: string | null | undefined): TRoleTraits | null {
  return ownValue(ROLE_TRAITS, role) ?? null;
}

/** True for the roles that pass every permission key (administrators). */
export function holdsEveryPermission(role: string | null | undefined): boolean {
  return traitsOf(role)?.holdsEveryPermission ?? false;
}

/** The side of the NCA workflow whose part the role writes, or null when it writes none. */
export function ncaSideOf(role: string | null | undefined): TNcaSide | null {
  return traitsOf(role)?.ncaSide ?? null;
}

/** True for the roles that may hold company functions (the user form's field). */
export function holdsCompanyFunctions(role: unknown): boolean {
  return typeof role === 'string' && (traitsOf(role)?.holdsCompanyFunctions ?? false);
}

/** The kind of tenant the role's accounts belong to, or null (see TRoleTraits.tenant). */
export function tenantKindOf(role: string | null | undefined): TTenantKind | null {
  return traitsOf(role)?.tenant ?? null;
}

/**
 * The roles whose accounts the `consortiumAndSuppliers` scope reaches: the consortium's staff and the
 * accounts of its supplier agencies and laboratories.
 */
export const CONSORTIUM_AND_SUPPLIER_ROLES: readonly TRole[] = ownKeys(ROLE_TRAITS).filter((role) => {
  const tenant = ROLE_TRAITS[role].tenant;
  return tenant === 'consortium' || tenant === 'agency' || tenant === 'laboratory';
});

/** The roles that write one side's part of the NCA workflow. */
export function rolesOnNcaSide(side: TNcaSide): TRole[] {
  return ownKeys(ROLE_TRAITS).filter((role) => ROLE_TRAITS[role].ncaSide === side);
}

export type TResource = keyof typeof ACCESS;
export type TActionOf<R extends TResource> = keyof (typeof ACCESS)[R]['actions'] & string;

/** The table seen through its declared shape: what the look-ups by a resource name read. */
const ACCESS_BY_RESOURCE: Readonly<Record<string, TResourceAccess>> = ACCESS;

function resourceAccess(resource: string): TResourceAccess | undefined {
  return ownValue(ACCESS_BY_RESOURCE, resource);
}

function actionAccess(resource: string, action: string): TActionAccess | undefined {
  return ownValue(resourceAccess(resource)?.actions ?? {}, action);
}

/** The record scope this role's grant has for the action, or null when the role may not take it. */
export function scopeOf(role: string | null | undefined, resource: string, action: string): TRecordScope | null {
  if (!role) return null;
  return ownValue(actionAccess(resource, action)?.grant ?? {}, role) ?? null;
}

/** True when the role may take the action on some records of the resource (before permission keys). */
export function can(role: string | null | undefined, resource: string, action: string): boolean {
  return scopeOf(role, resource, action) !== null;
}

/** The roles that may take an action. */
export function rolesFor(resource: string, action: string): TRole[] {
  const grant = actionAccess(resource, action)?.grant ?? {};
  return Object.keys(grant).filter((role) => isOwnKey(ROLE_TRAITS, role));
}

/** The permission key checked for an action when the permission system is on, or null if none applies. */
export function permissionKeyOf(resource: string, action: string): string | null {
  const access = actionAccess(resource, action);
  if (!access) return null;
  if (access.permission) return access.permission;
  const entity = entityOf(resource);
  const operation = ownValue(COLLECTION_ACTIONS, action);
  return entity && operation ? `${entity}.${operation}` : null;
}

/** The entity name of a resource's permission keys and audit entries, or null. */
export function entityOf(resource: string): string | null {
  return resourceAccess(resource)?.entity ?? null;
}

/** The actions a resource declares. */
export function actionsOf(resource: string): string[] {
  return Object.keys(resourceAccess(resource)?.actions ?? {});
}

export function areaOf(resource: string): TArea | null {
  return resourceAccess(resource)?.area ?? null;
}

/** The areas a role works in: those of the resources it may take some action on (the web loads their texts). */
export function areasOf(role: string | null | undefined): TArea[] {
  if (!role) return [];
  return AREAS.filter((area) =>
    Object.values(ACCESS_BY_RESOURCE).some((resource) => resource.area === area && Object.values(resource.actions).some((action) => ownValue(action.grant, role) !== undefined)),
  );
}
