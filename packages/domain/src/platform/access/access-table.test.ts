import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.ts';
import {
  areasOf,
  ACCESS,
  RECORD_SCOPES,
  ROLE_TRAITS,
  tenantKindOf,
  CONSORTIUM_AND_SUPPLIER_ROLES,
  actionsOf,
  can,
  entityOf,
  holdsCompanyFunctions,
  holdsEveryPermission,
  ncaSideOf,
  permissionKeyOf,
  rolesFor,
  rolesOnNcaSide,
  scopeOf,
} from './access-table.ts';
import { ROUTE_ACCESS, canAccessRoute, homePathForRole, routeNameForPath } from './routes.ts';

/*
 * The expected answer for every resource x action x role, written out: the record scope of
 * admin, city, user (hotelier), agency_user, laboratory_user, consortium_user in that order; '-' means refused (403).
 * Each line was checked against the API (collection grants, row scopes and use-case checks).
 */
const EXPECTED: Record<string, Record<string, string>> = {
  users: {
    list: 'all ownCity self self self consortiumAndSuppliers',
    read: 'all ownCity self self self consortiumAndSuppliers',
    create: 'all - - - - -',
    update: 'all - - - - -',
    delete: 'all - - - - -',
    restore: 'all - - - - -',
    invite: 'all - - - - -',
    impersonate: 'all - - - - -',
  },
  profile: {
    view: 'all all all all all all',
    completeProfile: 'all all all all all all',
    deleteAccount: '- self self self self self',
  },
  'saved-views': {
    list: 'sharedWithRole sharedWithRole sharedWithRole sharedWithRole sharedWithRole sharedWithRole',
    read: 'sharedWithRole sharedWithRole sharedWithRole sharedWithRole sharedWithRole sharedWithRole',
    create: 'self self self self self self',
    update: 'self self self self self self',
    delete: 'self self self self self self',
    restore: 'all - - - - -',
  },
  roles: {
    list: 'all permissionSystemOn permissionSystemOn permissionSystemOn permissionSystemOn permissionSystemOn',
    read: 'all permissionSystemOn permissionSystemOn permissionSystemOn permissionSystemOn permissionSystemOn',
    create: 'all - - - - -',
    update: 'all - - - - -',
    delete: 'all - - - - -',
    restore: 'all - - - - -',
  },
  permissions: {
    list: 'all permissionSystemOn permissionSystemOn permissionSystemOn permissionSystemOn permissionSystemOn',
    read: 'all permissionSystemOn permissionSystemOn permissionSystemOn permissionSystemOn permissionSystemOn',
    create: 'all - - - - -',
    update: 'all - - - - -',
    delete: 'all - - - - -',
    restore: 'all - - - - -',
  },
  settings: {
    list: 'all published published published published published',
    read: 'all published published published published published',
    create: 'all - - - - -',
    update: 'all - - - - -',
    delete: 'all - - - - -',
    restore: 'all - - - - -',
  },
  labels: {
    list: 'all - - - - -',
    read: 'all - - - - -',
    create: 'all - - - - -',
    update: 'all - - - - -',
    delete: 'all - - - - -',
    restore: 'all - - - - -',
  },
  management: {
    view: 'all all all all all all',
  },
  notifications: {
    list: 'recipient recipient recipient recipient recipient recipient',
    update: 'recipient recipient recipient recipient recipient recipient',
  },
  uploads: {
    list: 'all self self self self self',
    read: 'all self self self self self',
    create: 'all self self self self self',
    delete: 'all self self self self self',
  },
  'audit-logs': {
    list: 'all - - - - -',
    read: 'all - - - - -',
  },
  'mail-outbox': {
    list: 'all recipient recipient recipient recipient recipient',
    read: 'all recipient recipient recipient recipient recipient',
  },
  search: {
    view: 'all - - - - -',
  },
  'app-versions': {
    create: 'all - - - - -',
  },
  documentation: {
    view: 'all - - - - -',
  },
  faqs: {
    list: 'all - published - - -',
    read: 'all - published - - -',
    create: 'all - - - - -',
    update: 'all - - - - -',
    delete: 'all - - - - -',
    restore: 'all - - - - -',
  },
  categories: {
    list: 'all published published published published published',
    read: 'all published published published published published',
    create: 'all - - - - -',
    update: 'all - - - - -',
    delete: 'all - - - - -',
    restore: 'all - - - - -',
  },
  events: {
    list: 'all - published - - -',
    read: 'all - published - - -',
    create: 'all - self - - -',
    update: 'all - self - - -',
    delete: 'all - self - - -',
    restore: 'all - - - - -',
    confirm: 'all - - - - -',
  },
  customers: {
    list: 'all - - - - -',
    read: 'all - - - - -',
    create: 'all - - - - -',
    update: 'all - - - - -',
    delete: 'all - - - - -',
    restore: 'all - - - - -',
  },
  projects: {
    list: 'all - - - - -',
    read: 'all - - - - -',
    create: 'all - - - - -',
    update: 'all - - - - -',
    delete: 'all - - - - -',
    restore: 'all - - - - -',
  },
  links: {
    list: 'all - - - - -',
    read: 'all - - - - -',
    create: 'all - - - - -',
    update: 'all - - - - -',
    delete: 'all - - - - -',
    restore: 'all - - - - -',
  },
  dashboard: {
    view: 'all ownCity managedStructures - - -',
    comune: 'all ownCity - - - -',
    hotelier: '- - managedStructures - - -',
  },
  cities: {
    list: 'all ownCity managedStructures - - -',
    read: 'all ownCity managedStructures - - -',
    create: 'all - - - - -',
    update: 'all ownCity - - - -',
    delete: 'all - - - - -',
    restore: 'all - - - - -',
    activate: 'all - - - - -',
  },
  'structure-types': {
    list: 'all ownCity all - - -',
    read: 'all ownCity all - - -',
    create: 'all ownCity - - - -',
    update: 'all ownCity - - - -',
    delete: 'all ownCity - - - -',
    restore: 'all - - - - -',
  },
  'structure-classes': {
    list: 'all ownCity all - - -',
    read: 'all ownCity all - - -',
    create: 'all ownCity - - - -',
    update: 'all ownCity - - - -',
    delete: 'all ownCity - - - -',
    restore: 'all - - - - -',
  },
  'relevant-areas': {
    list: 'all ownCity all - - -',
    read: 'all ownCity all - - -',
    create: 'all ownCity - - - -',
    update: 'all ownCity - - - -',
    delete: 'all ownCity - - - -',
    restore: 'all - - - - -',
  },
  structures: {
    list: 'all ownCity managedStructures - - -',
    read: 'all ownCity managedStructures - - -',
    create: 'all ownCity managedStructures - - -',
    update: 'all ownCity managedStructures - - -',
    delete: 'all ownCity - - - -',
    restore: 'all - managedStructures - - -',
    export: 'all ownCity managedStructures - - -',
    classify: 'all ownCity - - - -',
    alloggiati: 'all ownCity managedStructures - - -',
    istatMovements: 'all ownCity managedStructures - - -',
  },
  tariffs: {
    list: 'all ownCity managedStructures - - -',
    read: 'all ownCity managedStructures - - -',
    create: 'all ownCity - - - -',
    update: 'all ownCity - - - -',
    delete: 'all ownCity - - - -',
    restore: 'all ownCity - - - -',
  },
  reductions: {
    list: 'all ownCity managedStructures - - -',
    read: 'all ownCity managedStructures - - -',
    create: 'all ownCity - - - -',
    update: 'all ownCity - - - -',
    delete: 'all ownCity - - - -',
    restore: 'all - - - - -',
  },
  exemptions: {
    list: 'all ownCity managedStructures - - -',
    read: 'all ownCity managedStructures - - -',
    create: 'all ownCity - - - -',
    update: 'all ownCity - - - -',
    delete: 'all ownCity - - - -',
    restore: 'all - - - - -',
  },
  stays: {
    list: 'all ownCity managedStructures - - -',
    read: 'all ownCity managedStructures - - -',
    create: 'all - managedStructures - - -',
    update: 'all - managedStructures - - -',
    delete: 'all - managedStructures - - -',
    restore: 'all - managedStructures - - -',
    preview: 'all ownCity managedStructures - - -',
    import: 'all - managedStructures - - -',
    export: 'all ownCity managedStructures - - -',
    reprice: 'all ownCity - - - -',
    searchPoliceCodes: 'all ownCity managedStructures - - -',
  },
  'declaration-templates': {
    list: 'all ownCity managedStructures - - -',
    read: 'all ownCity managedStructures - - -',
    create: 'all ownCity - - - -',
    update: 'all ownCity - - - -',
    delete: 'all ownCity - - - -',
    restore: 'all - - - - -',
    generate: 'all ownCity - - - -',
  },
  'filing-settings': {
    read: 'all ownCity - - - -',
    update: 'all ownCity - - - -',
  },
  declarations: {
    list: 'all ownCity managedStructures - - -',
    read: 'all ownCity managedStructures - - -',
    create: 'all - managedStructures - - -',
    update: 'all - managedStructures - - -',
    delete: 'all - managedStructures - - -',
    restore: 'all - - - - -',
    submit: 'all - managedStructures - - -',
    validate: 'all ownCity - - - -',
    return: 'all ownCity - - - -',
    revoke: 'all ownCity - - - -',
    recordPayment: 'all - managedStructures - - -',
    manageAttachments: 'all - managedStructures - - -',
    export: 'all ownCity - - - -',
    exportAnnualSummary: 'all ownCity managedStructures - - -',
    importPagopaPayments: 'all ownCity - - - -',
  },
  'siatel-checks': {
    list: 'all ownCity - - - -',
    read: 'all ownCity - - - -',
    create: 'all ownCity - - - -',
  },
  twentyOneModels: {
    list: 'all ownCity managedStructures - - -',
    read: 'all ownCity managedStructures - - -',
    create: 'all - managedStructures - - -',
    update: 'all - managedStructures - - -',
    delete: 'all - managedStructures - - -',
    restore: 'all - - - - -',
    refresh: 'all - managedStructures - - -',
    submit: 'all - managedStructures - - -',
    validate: 'all ownCity - - - -',
    return: 'all ownCity - - - -',
  },
  communications: {
    list: 'all ownCity recipient - - -',
    read: 'all ownCity recipient - - -',
    create: 'all ownCity - - - -',
    delete: 'all ownCity - - - -',
    listRecipients: 'all ownCity - - - -',
    markRead: 'all ownCity recipient - - -',
  },
  documents: {
    list: 'all ownCity managedStructures - - -',
    read: 'all ownCity managedStructures - - -',
    create: 'all ownCity - - - -',
    update: 'all ownCity - - - -',
    delete: 'all ownCity - - - -',
    restore: 'all - - - - -',
  },
  lots: {
    list: 'all - - - - all',
    read: 'all - - - - all',
    create: 'all - - - - all',
    update: 'all - - - - all',
    delete: 'all - - - - all',
    restore: 'all - - - - -',
  },
  orders: {
    list: 'all - - ownAgency - all',
    read: 'all - - ownAgency - all',
    create: 'all - - - - all',
    update: 'all - - - - all',
    delete: 'all - - - - all',
    restore: 'all - - - - -',
  },
  agencies: {
    list: 'all - - ownAgency - all',
    read: 'all - - ownAgency - all',
    create: 'all - - - - all',
    update: 'all - - - - all',
    delete: 'all - - - - all',
    restore: 'all - - - - -',
    invite: 'all - - - - all',
    listUsers: 'all - - ownAgency - all',
    updateContacts: 'all - - ownAgency - all',
    inviteUsers: 'all - - ownAgency - all',
  },
  laboratories: {
    list: 'all - - - ownLaboratory all',
    read: 'all - - - ownLaboratory all',
    create: 'all - - - - all',
    update: 'all - - - - all',
    delete: 'all - - - - all',
    restore: 'all - - - - -',
    invite: 'all - - - - all',
    listUsers: 'all - - - ownLaboratory all',
    updateContacts: 'all - - - ownLaboratory all',
    inviteUsers: 'all - - - ownLaboratory all',
  },
  contracts: {
    list: 'all - - - ownLaboratory all',
    read: 'all - - - ownLaboratory all',
    create: 'all - - - - all',
    update: 'all - - - - all',
    delete: 'all - - - - all',
    restore: 'all - - - - -',
    import: 'all - - - - all',
    export: 'all - - - ownLaboratory all',
  },
  'environmental-settings': {
    list: 'all - - published published all',
    read: 'all - - published published all',
    create: 'all - - - - all',
    update: 'all - - - - all',
    delete: 'all - - - - all',
    restore: 'all - - - - -',
  },
  'my-company': {
    view: '- - - ownAgency ownLaboratory -',
  },
  'environmental-dashboard': {
    view: 'all - - - - all',
  },
  'nca-reports': {
    list: 'all - - ncaParticipant ncaParticipant all',
    read: 'all - - ncaParticipant ncaParticipant all',
    // Agencies only holding nca.create with the permission system on (the API checks it).
    create: 'all - - ownAgency - all',
    update: 'all - - ncaParticipant - all',
    delete: 'all - - - - all',
    restore: 'all - - - - -',
    requestPhase1Signs: 'all - - - - all',
    requestPhase2Signs: 'all - - - - all',
    requestClosingSigns: 'all - - - - all',
    recall: 'all - - - - all',
    submitForValidation: 'all - - ncaParticipant - all',
    returnToAgency: 'all - - - - all',
    // The consortium's grant; its staff also need nca.forceSkipSignatures with the permission system on.
    forceOpen: 'all - - - - all',
    forcePhase3: 'all - - - - all',
    forceClose: 'all - - - - all',
    remindSigners: 'all - - - - all',
    timeline: 'all - - ncaParticipant ncaParticipant all',
    pdf: 'all - - ncaParticipant ncaParticipant all',
    evidence: 'all - - ncaParticipant ncaParticipant all',
    comment: 'all - - ncaParticipant ncaParticipant all',
    export: 'all - - - - all',
    dashboard: 'all - - - - all',
  },
  'corrective-actions': {
    list: 'all - - ncaParticipant ncaParticipant all',
    read: 'all - - ncaParticipant ncaParticipant all',
    create: 'all - - ncaParticipant - all',
    update: 'all - - ncaParticipant - all',
    delete: 'all - - ncaParticipant - all',
    restore: 'all - - - - -',
    // The consortium's grant; its staff confirm only holding actions.update with the permission system on.
    confirm: 'all - - - - all',
    rejectProposal: 'all - - - - all',
    start: 'all - - ncaParticipant - all',
    complete: 'all - - ncaParticipant - all',
    reopen: 'all - - - - all',
    close: 'all - - - - all',
    closeNotNeeded: 'all - - - - -',
  },
  'nca-effectiveness-checks': {
    list: 'all - - ncaParticipant ncaParticipant all',
    read: 'all - - ncaParticipant ncaParticipant all',
    // A supplier never records an outcome: the consortium checks effectiveness.
    recordOutcome: 'all - - - - all',
  },
  'sign-requests': {
    list: 'all - - ncaParticipant ncaParticipant all',
    read: 'all - - ncaParticipant ncaParticipant all',
    mine: 'all - - self self self',
    sendCode: 'all - - self self self',
    sign: 'all - - self self self',
    terms: 'all - - self self self',
    acceptTerms: 'all - - self self self',
    publishTerms: 'all - - - - -',
    termsVersions: 'all - - - - -',
    reject: 'all - - self self self',
    manualReject: 'all - - - - all',
    unlock: 'all - - - - all',
    remind: 'all - - - - all',
  },
  rdps: {
    list: 'all - - ownAgency ownLaboratory all',
    read: 'all - - ownAgency ownLaboratory all',
    create: 'all - - - ownLaboratory all',
    update: 'all - - - ownLaboratory all',
    delete: 'all - - - ownLaboratory all',
    restore: 'all - - - - -',
    uploadDraft: 'all - - - ownLaboratory -',
    uploadSigned: 'all - - - ownLaboratory -',
    approveDraft: 'all - - - - all',
    rejectDraft: 'all - - - - all',
    approveSigned: 'all - - - - all',
    rejectSigned: 'all - - - - all',
    confirmAccounting: 'all - - - - all',
    totals: 'all - - - - all',
    import: 'all - - - - all',
    openNca: 'all - - - - all',
    sampleChoices: 'all - - - ownLaboratory all',
  },
  forms: {
    list: 'all - - ownAgency - all',
    read: 'all - - ownAgency - all',
    create: 'all - - ownAgency - all',
    update: 'all - - ownAgency - all',
    delete: 'all - - ownAgency - all',
    restore: 'all - - ownAgency - -',
    approve: 'all - - - - all',
    reject: 'all - - - - all',
    revoke: 'all - - - - -',
    startTransport: 'all - - ownAgency - all',
    accept: 'all - - ownAgency - all',
    acceptInPart: 'all - - ownAgency - all',
    refuse: 'all - - ownAgency - all',
    cancel: 'all - - - - all',
    export: 'all - - ownAgency - all',
    attachDocument: 'all - - ownAgency - all',
    openNca: 'all - - - - all',
    rentri: 'all - - ownAgency - all',
    register: 'all - - ownAgency - all',
  },
};

describe('access table', () => {
  it('declares exactly the expected resources and actions', () => {
    expect(Object.keys(ACCESS).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const resource of Object.keys(EXPECTED)) expect(actionsOf(resource).sort(), resource).toEqual(Object.keys(EXPECTED[resource]).sort());
  });

  for (const [resource, actions] of Object.entries(EXPECTED)) {
    it(`${resource}: every role and action`, () => {
      for (const [action, line] of Object.entries(actions)) {
        const expected = line.split(' ');
        expect(expected, `${resource}.${action} lists every role`).toHaveLength(ROLES.length);
        ROLES.forEach((role, i) => {
          const scope = expected[i] === '-' ? null : expected[i];
          expect(scopeOf(role, resource, action), `${role} ${resource}.${action}`).toBe(scope);
          expect(can(role, resource, action), `${role} ${resource}.${action}`).toBe(scope !== null);
        });
        expect(rolesFor(resource, action)).toEqual(expect.arrayContaining(ROLES.filter((_, i) => expected[i] !== '-')));
        expect(rolesFor(resource, action)).toHaveLength(expected.filter((s) => s !== '-').length);
      }
    });
  }

  it('uses only declared record scopes', () => {
    for (const actions of Object.values(EXPECTED)) {
      for (const line of Object.values(actions)) for (const scope of line.split(' ')) if (scope !== '-') expect(RECORD_SCOPES).toContain(scope);
    }
  });

  it('refuses the signed-out, reserved and unknown roles, unknown resources and actions, and prototype names', () => {
    expect(can(null, 'stays', 'list')).toBe(false);
    expect(can(undefined, 'stays', 'list')).toBe(false);
    expect(can('guest', 'categories', 'list')).toBe(false);
    expect(can('tenant', 'categories', 'list')).toBe(false);
    expect(can('admin', 'no-such-resource', 'list')).toBe(false);
    expect(can('admin', 'stays', 'no-such-action')).toBe(false);
    expect(can('admin', 'toString', 'list')).toBe(false);
    expect(can('admin', 'stays', 'constructor')).toBe(false);
    expect(can('constructor', 'stays', 'list')).toBe(false);
  });
});

describe('the areas a role works in', () => {
  it('are those of the resources it may act on: every area for the admin, one business area for the others', () => {
    expect(areasOf('admin')).toEqual(['platform', 'touristTax', 'environmental']);
    expect(areasOf('city')).toEqual(['platform', 'touristTax']);
    expect(areasOf('user')).toEqual(['platform', 'touristTax']);
    for (const role of ['agency_user', 'laboratory_user', 'consortium_user']) expect(areasOf(role), role).toEqual(['platform', 'environmental']);
    expect(areasOf(null)).toEqual([]);
    expect(areasOf('nobody')).toEqual([]);
  });
});

describe('role traits', () => {
  // admin, city, user, agency_user, laboratory_user, consortium_user, in that order.
  const EXPECTED_TRAITS = {
    holdsEveryPermission: 'true false false false false false',
    ncaSide: 'consortium - - agency - consortium',
    holdsCompanyFunctions: 'true false false true false true',
    tenant: '- city - agency laboratory consortium',
  };

  it('declares every role, and each trait as expected', () => {
    expect(Object.keys(ROLE_TRAITS).sort()).toEqual([...ROLES].sort());
    const every = EXPECTED_TRAITS.holdsEveryPermission.split(' ');
    const sides = EXPECTED_TRAITS.ncaSide.split(' ');
    const functions = EXPECTED_TRAITS.holdsCompanyFunctions.split(' ');
    const tenants = EXPECTED_TRAITS.tenant.split(' ');
    ROLES.forEach((role, i) => {
      expect(tenantKindOf(role), role).toBe(tenants[i] === '-' ? null : tenants[i]);
      expect(holdsCompanyFunctions(role), role).toBe(functions[i] === 'true');
      expect(holdsEveryPermission(role), role).toBe(every[i] === 'true');
      expect(ncaSideOf(role), role).toBe(sides[i] === '-' ? null : sides[i]);
    });
    expect(rolesOnNcaSide('consortium')).toEqual(['admin', 'consortium_user']);
    expect(holdsCompanyFunctions(undefined)).toBe(false);
    expect(holdsCompanyFunctions('constructor')).toBe(false);
    expect(rolesOnNcaSide('agency')).toEqual(['agency_user']);
    expect(CONSORTIUM_AND_SUPPLIER_ROLES).toEqual(['agency_user', 'laboratory_user', 'consortium_user']);
    expect(tenantKindOf('constructor')).toBeNull();
  });

  it('refuses the signed-out, reserved, unknown and prototype-named roles', () => {
    for (const role of [null, undefined, '', 'guest', 'tenant', 'constructor', 'toString', '__proto__']) {
      expect(holdsEveryPermission(role)).toBe(false);
      expect(ncaSideOf(role)).toBeNull();
    }
  });

  it('agrees with the grants: the consortium side writes every NCA record, the agency side those it takes part in, other roles none', () => {
    const writes = [
      ['nca-reports', 'update'],
      ['corrective-actions', 'create'],
      ['corrective-actions', 'start'],
    ] as const;
    for (const role of ROLES) {
      const side = ncaSideOf(role);
      const scopes = writes.map(([resource, action]) => scopeOf(role, resource, action));
      if (side === 'consortium') expect(scopes, role).toEqual(['all', 'all', 'all']);
      else if (side === 'agency') expect(scopes, role).toEqual(['ncaParticipant', 'ncaParticipant', 'ncaParticipant']);
      else expect(scopes, role).toEqual([null, null, null]);
    }
  });

  it('a role that holds every permission is granted every action but those of an account it does not have', () => {
    // Its own deletion (the last administrator stays), a hotelier's own figures, a supplier's own company.
    const notHeld = ['profile.deleteAccount', 'dashboard.hotelier', 'my-company.view'];
    for (const role of ROLES.filter(holdsEveryPermission)) {
      for (const resource of Object.keys(ACCESS)) {
        for (const action of actionsOf(resource)) expect(can(role, resource, action), `${role} ${resource}.${action}`).toBe(!notHeld.includes(`${resource}.${action}`));
      }
    }
  });
});

describe('permission keys', () => {
  it('collection actions check <entity>.<operation>', () => {
    expect(permissionKeyOf('faqs', 'list')).toBe('faqs.getAll');
    expect(permissionKeyOf('faqs', 'read')).toBe('faqs.get');
    expect(permissionKeyOf('roles', 'create')).toBe('roles.create');
    expect(permissionKeyOf('declaration-templates', 'update')).toBe('declarationTemplates.update');
    expect(permissionKeyOf('audit-logs', 'list')).toBe('auditLogs.getAll');
    expect(permissionKeyOf('twentyOneModels', 'delete')).toBe('twentyOneModels.delete');
    expect(permissionKeyOf('lots', 'list')).toBe('lots.getAll');
    expect(permissionKeyOf('orders', 'create')).toBe('orders.create');
    expect(permissionKeyOf('agencies', 'read')).toBe('agencies.get');
    expect(permissionKeyOf('forms', 'approve')).toBe('forms.update');
    expect(permissionKeyOf('forms', 'export')).toBe('forms.getAll');
    expect(permissionKeyOf('forms', 'openNca')).toBe('nca.create');
    expect(permissionKeyOf('laboratories', 'delete')).toBe('laboratories.delete');
    expect(permissionKeyOf('contracts', 'update')).toBe('contracts.update');
    expect(permissionKeyOf('environmental-settings', 'create')).toBe('settings.create');
  });

  it('the environmental actions beyond the collection ones name the key they need', () => {
    expect(permissionKeyOf('agencies', 'listUsers')).toBe('agencies.get');
    expect(permissionKeyOf('agencies', 'updateContacts')).toBe('agencies.update');
    expect(permissionKeyOf('laboratories', 'inviteUsers')).toBe('laboratories.update');
    expect(permissionKeyOf('contracts', 'import')).toBe('contracts.create');
    expect(permissionKeyOf('nca-reports', 'list')).toBe('nca.getAll');
    expect(permissionKeyOf('nca-reports', 'forceOpen')).toBe('nca.forceSkipSignatures');
    expect(permissionKeyOf('nca-reports', 'requestPhase1Signs')).toBe('signs.create');
    expect(permissionKeyOf('corrective-actions', 'confirm')).toBe('actions.update');
    expect(permissionKeyOf('sign-requests', 'manualReject')).toBe('signs.update');
    expect(permissionKeyOf('sign-requests', 'sign')).toBeNull();
    expect(permissionKeyOf('contracts', 'export')).toBe('contracts.getAll');
    expect(permissionKeyOf('rdps', 'approveDraft')).toBe('rdps.update');
    expect(permissionKeyOf('rdps', 'import')).toBe('rdps.create');
    expect(permissionKeyOf('agencies', 'invite')).toBeNull();
  });

  it('other actions and resources without an entity have no key; unknown ones neither', () => {
    expect(permissionKeyOf('declarations', 'submit')).toBeNull();
    expect(permissionKeyOf('stays', 'import')).toBeNull();
    expect(permissionKeyOf('dashboard', 'view')).toBeNull();
    expect(permissionKeyOf('notifications', 'list')).toBeNull();
    expect(permissionKeyOf('faqs', 'nope')).toBeNull();
    expect(permissionKeyOf('nope', 'list')).toBeNull();
  });

  it('entity names', () => {
    expect(entityOf('users')).toBe('users');
    expect(entityOf('mail-outbox')).toBe('mailOutbox');
    expect(entityOf('search')).toBeNull();
    expect(entityOf('nope')).toBeNull();
  });
});

describe('routes derived from the table', () => {
  it('every route names an action of the table', () => {
    for (const [name, route] of Object.entries(ROUTE_ACCESS)) expect(actionsOf(route.resource), name).toContain(route.action);
  });

  it('a route is open exactly to the roles that may take its action (minus hidden scopes)', () => {
    const openTo = (route: string) => ROLES.filter((role) => canAccessRoute(role, route));
    expect(openTo('stays')).toEqual(['admin', 'city', 'user']);
    expect(openTo('stays/create')).toEqual(['admin', 'user']);
    expect(openTo('stays/:stayId')).toEqual(['admin', 'city', 'user']);
    // The dashboard: its tourist-tax part (comune, hotelier) or its environmental part (the consortium).
    expect(openTo('dashboard')).toEqual(['admin', 'city', 'user', 'consortium_user']);
    expect(openTo('structures/create')).toEqual(['admin', 'city', 'user']);
    expect(openTo('declarations')).toEqual(['admin', 'city', 'user']);
    expect(openTo('cities/create')).toEqual(['admin']);
    expect(openTo('documentation-area')).toEqual(['admin', 'city', 'user']);
    // The filing settings: the comune's own, and any comune for an admin; never a hotelier.
    expect(openTo('filing-settings')).toEqual(['admin', 'city']);
    expect(openTo('communications/create')).toEqual(['admin', 'city']);
    expect(openTo('invite-users')).toEqual(['admin']);
    // Users list: a role that would see only itself is not offered the screen; its own record is.
    expect(openTo('users')).toEqual(['admin', 'city']);
    expect(openTo('users/:userId')).toEqual(['admin', 'city']);
    // Roles: non-admins read them only with the permission system on; the editor stays an admin screen.
    expect(openTo('roles')).toEqual(['admin']);
    expect(openTo('management/labels')).toEqual(['admin']);
    expect(openTo('management/labels/new')).toEqual(['admin']);
    expect(openTo('management/settings')).toEqual([...ROLES]);
    expect(openTo('management/settings/create')).toEqual(['admin']);
    expect(openTo('notifications')).toEqual([...ROLES]);
    expect(openTo('categories')).toEqual([...ROLES]);
    expect(openTo('events')).toEqual(['admin', 'user']);
    expect(openTo('faqs')).toEqual(['admin', 'user']);
    expect(openTo('faqs/create')).toEqual(['admin']);
    for (const path of ['customers', 'projects', 'links', 'links/:linkId']) expect(openTo(path)).toEqual(['admin']);
    expect(openTo('search')).toEqual(['admin']);
    expect(openTo('profile')).toEqual([...ROLES]);
    expect(openTo('documentation/theme/:page')).toEqual(['admin']);
    // Environmental: the registry is the consortium's; a supplier opens only its own company.
    expect(openTo('lots')).toEqual(['admin', 'consortium_user']);
    expect(openTo('orders')).toEqual(['admin', 'consortium_user']);
    expect(openTo('agencies')).toEqual(['admin', 'consortium_user']);
    expect(openTo('agencies/create')).toEqual(['admin', 'consortium_user']);
    expect(openTo('agencies/:agencyId')).toEqual(['admin', 'agency_user', 'consortium_user']);
    expect(openTo('laboratories')).toEqual(['admin', 'consortium_user']);
    expect(openTo('laboratories/:laboratoryId')).toEqual(['admin', 'laboratory_user', 'consortium_user']);
    expect(openTo('contracts')).toEqual(['admin', 'consortium_user']);
    expect(openTo('nca-settings')).toEqual(['admin', 'consortium_user']);
    expect(openTo('lab-analysis-settings')).toEqual(['admin', 'consortium_user']);
    expect(openTo('environmental-settings/create')).toEqual(['admin', 'consortium_user']);
    expect(openTo('my-company')).toEqual(['agency_user', 'laboratory_user']);
    // NCA: the consortium keeps the reports; suppliers open those they take part in (the API's scope).
    expect(openTo('nca-reports')).toEqual(['admin', 'agency_user', 'laboratory_user', 'consortium_user']);
    expect(openTo('nca-reports/create')).toEqual(['admin', 'agency_user', 'consortium_user']);
    expect(openTo('nca-reports/:ncaReportId')).toEqual(['admin', 'agency_user', 'laboratory_user', 'consortium_user']);
    expect(openTo('corrective-actions')).toEqual(['admin', 'agency_user', 'laboratory_user', 'consortium_user']);
    expect(openTo('corrective-actions/create')).toEqual(['admin', 'agency_user', 'consortium_user']);
    // Test reports: the laboratory its own, the agency those of its samples (read-only), the consortium all.
    expect(openTo('rdps')).toEqual(['admin', 'agency_user', 'laboratory_user', 'consortium_user']);
    expect(openTo('rdps/create')).toEqual(['admin', 'laboratory_user', 'consortium_user']);
    expect(openTo('rdps/:rdpId')).toEqual(['admin', 'agency_user', 'laboratory_user', 'consortium_user']);
    // Waste forms: the consortium reviews them all, a supplier agency registers its own.
    expect(openTo('forms')).toEqual(['admin', 'agency_user', 'consortium_user']);
    expect(openTo('forms/create')).toEqual(['admin', 'agency_user', 'consortium_user']);
    expect(openTo('forms/:formId')).toEqual(['admin', 'agency_user', 'consortium_user']);
  });

  it('refuses anyone not signed in, reserved or unknown roles, and unknown routes', () => {
    expect(canAccessRoute(null, 'profile')).toBe(false);
    expect(canAccessRoute(undefined, 'categories')).toBe(false);
    expect(canAccessRoute('guest', 'profile')).toBe(false);
    expect(canAccessRoute('tenant', 'categories')).toBe(false);
    expect(canAccessRoute('admin', 'no-such-route')).toBe(false);
    expect(canAccessRoute('admin', 'toString')).toBe(false);
  });

  it('maps concrete paths to route names', () => {
    expect(routeNameForPath('/users/42')).toBe('users/:userId');
    expect(routeNameForPath('/users/create')).toBe('users/create');
    expect(routeNameForPath('/management/labels/new')).toBe('management/labels/new');
    expect(routeNameForPath('/declarations/d1?tab=attachments')).toBe('declarations/:declarationId');
    expect(routeNameForPath('/dashboard/')).toBe('dashboard');
    expect(routeNameForPath('/nowhere/at/all')).toBeNull();
  });

  it('lands every role on a page it may open: admin users, city and hotelier structures, consortium the dashboard, suppliers their company', () => {
    expect(homePathForRole('admin')).toBe('/users');
    expect(homePathForRole('city')).toBe('/structures');
    expect(homePathForRole('user')).toBe('/structures');
    expect(homePathForRole('consortium_user')).toBe('/dashboard');
    expect(homePathForRole('agency_user')).toBe('/my-company');
    expect(homePathForRole('laboratory_user')).toBe('/my-company');
    for (const role of ROLES) expect(canAccessRoute(role, routeNameForPath(homePathForRole(role))!)).toBe(true);
  });

  it('follows the enabled areas: a switched-off area is refused, and a role whose only area is off lands on its profile', () => {
    const touristTaxOnly = ['touristTax'] as const;
    const environmentalOnly = ['environmental'] as const;
    expect(canAccessRoute('consortium_user', 'lots', touristTaxOnly)).toBe(false);
    expect(canAccessRoute('consortium_user', 'profile', touristTaxOnly)).toBe(true);
    expect(canAccessRoute('admin', 'stays', environmentalOnly)).toBe(false);
    // The dashboard stays open with either area: the part of the area switched off disappears.
    expect(canAccessRoute('admin', 'dashboard', environmentalOnly)).toBe(true);
    expect(canAccessRoute('admin', 'dashboard', touristTaxOnly)).toBe(true);
    expect(canAccessRoute('admin', 'dashboard', [])).toBe(false);
    expect(canAccessRoute('consortium_user', 'dashboard', touristTaxOnly)).toBe(false);
    expect(canAccessRoute('city', 'dashboard', environmentalOnly)).toBe(false);
    expect(canAccessRoute('admin', 'lots', environmentalOnly)).toBe(true);
    expect(homePathForRole('consortium_user', touristTaxOnly)).toBe('/profile');
    expect(homePathForRole('agency_user', touristTaxOnly)).toBe('/profile');
    expect(homePathForRole('laboratory_user', new Set(touristTaxOnly))).toBe('/profile');
    expect(homePathForRole('city', environmentalOnly)).toBe('/profile');
    expect(homePathForRole('user', environmentalOnly)).toBe('/profile');
    expect(homePathForRole('admin', [])).toBe('/users');
    expect(homePathForRole('consortium_user', ['touristTax', 'environmental'])).toBe('/dashboard');
    expect(homePathForRole('city', ['touristTax', 'environmental'])).toBe('/structures');
  });
});
