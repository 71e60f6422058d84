import { SIGN_REQUEST_ACTIONS, type TNcaReportAction, type TSignPhase } from '@app/domain/environmental/nca/index';
import type { TNcaAudience } from './nca-notifications.ts';

/** The phases as the Italian texts name them. */
export const PHASE_IT: Record<TSignPhase, string> = { first: 'fase 1', second: 'fase 2', third: 'fase 3' };

/** Who hears of a step: the signers of the round just asked, the assignees of the report's actions, or groups of its audience. */
export type TReportNoticeRecipients = 'signers' | 'assignees' | readonly TNcaAudience[];

/** One notification of a step: to whom, its Italian title and body, and whether an e-mail copy goes too. */
export type TReportNotice = { to: TReportNoticeRecipients; title: string; body: string; email: boolean };

/**
 * What each step of the report tells whom. `code` is the report's code (null while a draft),
 * `reason` the reason of a return or the explanation of a rejected signature.
 */
export function reportNotices(action: TNcaReportAction, code: string | null, reason: string | null | undefined): TReportNotice[] {
  const nca = `NCA ${code ?? 'in bozza'}`;
  switch (action) {
    case 'requestPhase1Signs':
    case 'requestPhase2Signs':
    case 'requestClosingSigns':
      return [
        {
          to: 'signers',
          title: 'Firma richiesta',
          body: `Ti è chiesta la firma con codice OTP della ${nca} (${PHASE_IT[SIGN_REQUEST_ACTIONS[action]]}). Apri "Le mie firme".`,
          email: true,
        },
      ];
    case 'forceOpen':
    case 'phase1Complete':
      return [
        {
          to: ['targetAgency', 'observers'],
          title: `${nca} aperta`,
          body: `La ${nca} è aperta: l'impresa scrive l'analisi delle cause e propone le azioni correttive.`,
          email: true,
        },
      ];
    case 'submitForValidation':
      return [{ to: ['consortium', 'author'], title: `${nca} da validare`, body: "L'impresa ha inviato l'analisi delle cause e le azioni proposte.", email: false }];
    case 'returnToAgency':
      return [{ to: ['targetAgency'], title: `${nca} rinviata`, body: `Il consorzio ha rinviato il piano delle azioni. Motivo: ${reason ?? ''}`, email: true }];
    case 'phase2Complete':
    case 'forcePhase3':
      return [
        { to: 'assignees', title: `${nca}: azioni da eseguire`, body: 'Il piano delle azioni è approvato: puoi avviare le azioni correttive assegnate.', email: true },
        { to: ['observers'], title: `${nca} in esecuzione`, body: 'Il piano delle azioni è approvato.', email: false },
      ];
    case 'phase3Complete':
    case 'forceClose':
      return [{ to: ['targetAgency', 'observers', 'author'], title: `${nca} chiusa`, body: `La ${nca} è chiusa.`, email: true }];
    case 'phase1Rejected':
    case 'phase2Rejected':
    case 'phase3Rejected':
      return [{ to: ['consortium', 'author'], title: `${nca}: firma rifiutata`, body: `Una firma è stata rifiutata. Motivazione: ${reason ?? ''}`, email: true }];
    default:
      return [];
  }
}
