import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/* Italian messages of the administration screens (settings, roles, export, shell). */

export const adminIt = {
  settings: {
    systemFlag: 'Funzionalità di sistema: si può attivare o disattivare, non eliminare.',
    flags: {
      appVersionUpdateControl: { name: 'Avviso di nuova versione', description: "Quando esce una nuova versione dell'applicazione, mostra un avviso per ricaricare la pagina." },
      cookieBanner: { name: 'Banner dei cookie', description: 'Mostra il banner dei cookie nel sito pubblico.' },
      profileCompletionControl: { name: 'Controllo completamento profilo', description: 'Chiede agli utenti di completare il profilo prima di usare il back office.' },
      refreshToken: { name: 'Rinnovo automatico della sessione', description: 'Rinnova la sessione senza chiedere di nuovo la password finché il browser resta in uso.' },
      notificationCount: { name: 'Contatore delle notifiche', description: 'Mostra sulla campanella il numero di notifiche non lette.' },
      permissionsSystem: { name: 'Sistema dei permessi', description: 'Applica ai ruoli personalizzati i permessi e i filtri sui record definiti in Ruoli e permessi.' },
      floatingSidebarToggle: { name: 'Pulsante per chiudere il menu laterale', description: 'Mostra il pulsante che apre e chiude il menu laterale.' },
      translations: { name: 'Traduzioni dal server', description: 'Usa le etichette modificate in Gestione > Etichette al posto dei testi predefiniti.' },
      websocket: { name: 'Aggiornamenti in tempo reale', description: 'Consegna notifiche e avvisi di nuova versione appena accadono, senza ricaricare la pagina.' },
      avatarService: { name: 'Servizio avatar', description: "Cerca l'immagine del profilo presso un servizio pubblico di avatar; altrimenti mostra le iniziali." },
      publicSite: { name: 'Sito pubblico', description: "Mostra la home pubblica a chi non ha effettuato l'accesso." },
      socialLogin: { name: 'Accesso con account esterno', description: 'Permette di accedere con un fornitore di identità OpenID Connect.' },
      botCheckOnLogin: { name: 'Verifica anti-bot all’accesso', description: 'Chiede una verifica anti-bot prima di accedere.' },
      botCheckOnRegister: { name: 'Verifica anti-bot alla registrazione', description: 'Chiede una verifica anti-bot prima di registrarsi.' },
      analytics: { name: 'Statistiche delle pagine visitate', description: 'Registra le pagine visitate, per le statistiche di utilizzo.' },
      touristTaxArea: { name: 'Area imposta di soggiorno', description: "Attiva menu, pagine e API dell'imposta di soggiorno." },
      environmentalArea: { name: 'Area conformità ambientale', description: 'Attiva menu, pagine e API della conformità ambientale (NCA, lotti, ordini, fornitori).' },
    },
  },
};

export function addAdminIt(messages: TranslationMessages): void {
  mergeMessagesInto(messages, adminIt);
}
