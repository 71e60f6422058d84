import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/* English messages of the questura's file and ISTAT's monthly movement; same keys as policeFiles.it.ts. */
export const policeFilesEn = {
  touristTax: {
    tabs: { policeFiles: 'Police and ISTAT' },
    fields: { partyKind: 'The guests travel as' },
    guest: { documentIssuePlace: 'Document place of issue', guest: 'Guest' },
    policeFiles: {
      family: 'A family (head and family members)',
      group: 'A group (leader and members)',
      formTitle: 'Data for the police (Alloggiati Web)',
      ready: 'The guests have every field the police file needs.',
      missingTitle: 'The police file still needs',
      missingHelp: 'The stay can be saved anyway: the tax does not depend on it. Complete the data before downloading the file of the arrival day.',
      guestN: 'Guest %{n} (%{name})',
      notRecorded: 'not recorded (add them to the other guests)',
      searchHelp: "Type the name and pick it from the police's list",
      codeHelp: 'Alloggiati code %{code}',
      closedCodeHelp: 'Alloggiati code %{code}, valid until %{date} (for those born there before)',
      closedCode: 'valid until %{date}',
      notACode: 'Not picked from the list: the file will look it up by name',
      noCode: 'No entry of the list',
      alloggiatiTitle: 'File for the police (Alloggiati Web)',
      alloggiatiHelp: "One record for each guest arrived on the chosen day, in the layout of the Polizia di Stato's Alloggiati Web portal: upload it on the portal with “Invio file”.",
      notSent: "This product does not send the file to the police: sending needs the structure's credentials on the Alloggiati Web portal.",
      arrivalDate: 'Arrival day',
      downloadAlloggiati: "Download the day's file",
      incompleteTitle: 'The file cannot be written: %{smart_count} field missing or not valid |||| The file cannot be written: %{smart_count} fields missing or not valid',
      reasons: {
        missing: 'missing',
        unknownCode: "not in the police's lists",
        ambiguous: 'several entries match (pick them from the list)',
        tooLong: 'too long for the record',
        charset: 'with characters the file cannot carry',
        birthAfterArrival: 'after the arrival',
        stayTooLong: 'stay longer than the 30 days allowed',
      },
      istatTitle: 'Monthly movement of guests (ISTAT, model C/59)',
      istatHelp: 'Arrivals, departures and presences of every day of the month, by province of residence (residents of Italy) or foreign state. Presences are the same nights the declarations count.',
      month: 'Month',
      downloadIstat: 'Download xlsx',
      summary: 'Arrivals in the month: %{arrivals} · Presences: %{presences} · Beds: %{beds}',
      residence: 'Residence',
      province: 'province',
      state: 'foreign state',
      unknownResidence: 'Residence not given',
      arrivals: 'Arrivals',
      departures: 'Departures',
      presences: 'Presences',
      total: 'Total',
      day: 'Day',
      roomsNotRecorded: 'Occupied rooms are not shown: stays do not record the room given.',
    },
  },
  errors: {
    ALLOGGIATI_INCOMPLETE: 'Some guests arrived on that day lack data the police file needs.',
  },
};

export function addPoliceFilesEn(messages: TranslationMessages): void {
  mergeMessagesInto(messages, policeFilesEn);
}
