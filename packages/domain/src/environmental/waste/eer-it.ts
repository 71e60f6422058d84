/*
 * Italian descriptions of the EER list, transcribed from the Italian text of Commission Decision
 * 2000/532/EC as amended by Decision 2014/955/EU (source: EUR-Lex, © European Union; reuse of EU
 * legislation is allowed with its source acknowledged, Commission Decision 2011/833/EU).
 * So far only chapter 17 (construction and demolition, the consortium's sites); every other entry
 * shows the English text until the rest is transcribed.
 */
export const EER_CHAPTERS_IT: Readonly<Record<string, string>> = {
  '17': 'Rifiuti delle attività di costruzione e demolizione (compreso il terreno proveniente da siti contaminati)',
};

export const EER_SUB_CHAPTERS_IT: Readonly<Record<string, string>> = {
  '1701': 'cemento, mattoni, mattonelle e ceramiche',
  '1702': 'legno, vetro e plastica',
  '1703': 'miscele bituminose, catrame di carbone e prodotti contenenti catrame',
  '1704': 'metalli (incluse le loro leghe)',
  '1705': 'terra (compresa quella proveniente da siti contaminati), rocce e materiale di dragaggio',
  '1706': 'materiali isolanti e materiali da costruzione contenenti amianto',
  '1708': 'materiali da costruzione a base di gesso',
  '1709': "altri rifiuti dell'attività di costruzione e demolizione",
};

export const EER_ENTRIES_IT: Readonly<Record<string, string>> = {
  '170101': 'cemento',
  '170102': 'mattoni',
  '170103': 'mattonelle e ceramiche',
  '170106': 'miscugli o frazioni separate di cemento, mattoni, mattonelle e ceramiche, contenenti sostanze pericolose',
  '170107': 'miscugli di cemento, mattoni, mattonelle e ceramiche, diversi da quelli di cui alla voce 17 01 06',
  '170201': 'legno',
  '170202': 'vetro',
  '170203': 'plastica',
  '170204': 'vetro, plastica e legno contenenti sostanze pericolose o da esse contaminati',
  '170301': 'miscele bituminose contenenti catrame di carbone',
  '170302': 'miscele bituminose diverse da quelle di cui alla voce 17 03 01',
  '170303': 'catrame di carbone e prodotti contenenti catrame',
  '170401': 'rame, bronzo, ottone',
  '170402': 'alluminio',
  '170403': 'piombo',
  '170404': 'zinco',
  '170405': 'ferro e acciaio',
  '170406': 'stagno',
  '170407': 'metalli misti',
  '170409': 'rifiuti metallici contaminati da sostanze pericolose',
  '170410': 'cavi, impregnati di olio, di catrame di carbone o di altre sostanze pericolose',
  '170411': 'cavi, diversi da quelli di cui alla voce 17 04 10',
  '170503': 'terra e rocce, contenenti sostanze pericolose',
  '170504': 'terra e rocce, diverse da quelle di cui alla voce 17 05 03',
  '170505': 'materiale di dragaggio, contenente sostanze pericolose',
  '170506': 'materiale di dragaggio, diverso da quello di cui alla voce 17 05 05',
  '170507': 'pietrisco per massicciate ferroviarie, contenente sostanze pericolose',
  '170508': 'pietrisco per massicciate ferroviarie, diverso da quello di cui alla voce 17 05 07',
  '170601': 'materiali isolanti, contenenti amianto',
  '170603': 'altri materiali isolanti contenenti o costituiti da sostanze pericolose',
  '170604': 'materiali isolanti diversi da quelli di cui alle voci 17 06 01 e 17 06 03',
  '170605': 'materiali da costruzione contenenti amianto',
  '170801': 'materiali da costruzione a base di gesso contaminati da sostanze pericolose',
  '170802': 'materiali da costruzione a base di gesso diversi da quelli di cui alla voce 17 08 01',
  '170901': "rifiuti dell'attività di costruzione e demolizione, contenenti mercurio",
  '170902':
    "rifiuti dell'attività di costruzione e demolizione, contenenti PCB (ad esempio sigillanti contenenti PCB, pavimentazioni a base di resina contenenti PCB, elementi stagni in vetro contenenti PCB, condensatori contenenti PCB)",
  '170903': "altri rifiuti dell'attività di costruzione e demolizione (compresi rifiuti misti) contenenti sostanze pericolose",
  '170904': "rifiuti misti dell'attività di costruzione e demolizione, diversi da quelli di cui alle voci 17 09 01, 17 09 02 e 17 09 03",
};
