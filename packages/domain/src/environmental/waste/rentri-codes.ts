/** RENTRI's registration number of an operator's local unit (unità locale, `num_iscr_sito`). */
export const RENTRI_SITE_NUMBER = /^OP[0-9]{4}[A-Z0-9]{3}[0-9]{6}-[A-Z]{2}[0-9]{4}$/;
/** The ISTAT code of an Italian comune, RENTRI's `comune_id`: 6 digits. */
export const ISTAT_COMUNE_CODE = /^[0-9]{6}$/;
