import { categories, customers, events, faqs, links, projects } from '../db/schema/index.ts';
import type { TDemoSeeder } from './demo.ts';

/** Demo rows of the administration screens: FAQs, categories, events in each state, customers, a project, short links. */
export const seedAdministrationDemo: TDemoSeeder = async (tx, demoUsers) => {
  await tx.insert(faqs).values([
    { question: 'Chi deve versare l’imposta di soggiorno?', answer: 'Gli ospiti che pernottano nelle strutture del comune; il gestore la riscuote e la versa al Comune.', order: 1 },
    { question: 'Entro quando si presenta la dichiarazione?', answer: 'Entro la scadenza del periodo indicata nella dashboard; il sistema manda un promemoria alcuni giorni prima.', order: 2 },
    { question: 'Come registro un ospite esente?', answer: 'Nel soggiorno aggiungi un’esenzione e il numero di ospiti esenti: il calcolo si aggiorna subito.', order: 3 },
    { question: 'Bozza: pagamento con PagoPA', answer: 'Risposta in preparazione.', order: 4, isVisible: false },
  ]);
  const [concerts] = await tx
    .insert(categories)
    .values([
      { name: 'Concerti', description: 'Musica dal vivo', order: 1 },
      { name: 'Sagre e mercati', description: 'Eventi enogastronomici', order: 2 },
      { name: 'Alberghi', description: 'Strutture alberghiere', order: 1, entityType: 'tenant' },
      { name: 'Mostre (archiviata)', order: 3, isActive: false },
    ])
    .returning({ id: categories.id });
  const hotelier = demoUsers['hotelier@demo.test'];
  await tx.insert(events).values([
    {
      name: 'Concerto sul lungomare',
      description: 'Serata di musica a Serapo.',
      status: 'confirmed',
      categoryId: concerts.id,
      createdById: hotelier,
    },
    { name: 'Festa del pesce', description: 'Proposta da confermare.', status: 'waitingConfirmation', categoryId: concerts.id, createdById: hotelier },
    { name: 'Regata annullata', status: 'canceled', createdById: demoUsers['admin@demo.test'] },
  ]);
  const address = { streetName: 'Via Indipendenza 12', zipCode: '04024', city: 'Gaeta', province: 'LT', region: 'Lazio', country: 'Italia' };
  await tx.insert(customers).values([
    {
      businessName: 'Hotel Serapo S.r.l.',
      vat: '01234560587',
      businessSector: 'Ricettivo',
      paymentDays: 30,
      currencyId: 'EUR',
      billingInfo: { taxCode: '01234560587', vatNumber: '01234560587', pec: 'amministrazione@pec.hotelserapo.it' },
      address,
      billingAddress: address,
      shippingAddress: { ...address, streetName: 'Lungomare Caboto 5' },
    },
    { businessName: 'Agenzia Viaggi Tirreno', businessSector: 'Turismo', language: 'en', paymentDays: 60, currencyId: 'EUR', address: { ...address, city: 'Formia', zipCode: '04023' } },
  ]);
  await tx.insert(projects).values({
    name: 'App turistica di Gaeta',
    domain: 'app.comune.gaeta.example',
    iosBundleId: 'it.comune.gaeta.app',
    androidPackageName: 'it.comune.gaeta.app',
    userId: demoUsers['admin@demo.test'],
  });
  await tx.insert(links).values([
    {
      shortCode: 'estate25',
      longLink: 'https://www.comune.gaeta.lt.it/eventi/estate-2025',
      socialTitle: 'Estate a Gaeta 2025',
      socialDescription: 'Il programma degli eventi estivi.',
    },
    { shortCode: 'imposta', longLink: 'https://www.comune.gaeta.lt.it/imposta-di-soggiorno', socialTitle: 'Imposta di soggiorno: come funziona' },
  ]);
};
