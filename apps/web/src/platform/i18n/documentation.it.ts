/* Italian messages of the documentation pages (the theme and component pages of the design system). */

export const documentationIt = {
  documentation: {
    title: 'Documentazione',
    overview: 'Panoramica',
    intro: 'Il tema e i componenti condivisi di questa applicazione, mostrati dal vivo.',
    theme: 'Tema',
    components: 'Componenti',
    pages: {
      measures: 'Misure',
      colors: 'Colori',
      typography: 'Tipografia',
      flex: 'Flex',
      input: 'Input',
      file: 'File',
      select: 'Select',
      grid: 'Griglia',
      subHeader: 'Sottotitolo di sezione',
    },
    measures: {
      spacing: 'Unità di spaziatura: %{unit}px',
      breakpoints: 'Punti di interruzione',
      other: 'Altre misure',
      radius: 'Raggio degli angoli',
      sidebar: 'Barra laterale aperta / chiusa',
    },
    typography: {
      sample: 'Imposta di soggiorno 1.234,56 €',
    },
    flex: {
      text: 'Flex dispone i figli in riga o in colonna con la spaziatura del tema.',
    },
    input: {
      text: 'Campo di testo',
      number: 'Numero',
      date: 'Data',
    },
    file: {
      text: 'FilePicker accetta file trascinati o scelti e rifiuta gli altri formati.',
    },
    select: {
      text: 'Scelta singola e multipla.',
      multiple: 'Scelta multipla',
    },
    grid: {
      text: 'Una griglia a 12 colonne; sugli schermi piccoli le colonne si impilano.',
    },
    subHeader: {
      sampleTitle: 'Titolo della sezione',
      sampleSubtitle: 'Una breve descrizione della sezione',
      text: 'SubHeader apre una sezione di pagina con titolo, sottotitolo e azioni.',
    },
  },
};
