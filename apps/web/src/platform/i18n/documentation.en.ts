/* English messages of the documentation pages (the theme and component pages of the design system). */

export const documentationEn = {
  documentation: {
    title: 'Documentation',
    overview: 'Overview',
    intro: 'The theme and the shared components of this application, shown live.',
    theme: 'Theme',
    components: 'Components',
    pages: {
      measures: 'Measures',
      colors: 'Colors',
      typography: 'Typography',
      flex: 'Flex',
      input: 'Input',
      file: 'File',
      select: 'Select',
      grid: 'Grid',
      subHeader: 'Sub-header',
    },
    measures: {
      spacing: 'Spacing unit: %{unit}px',
      breakpoints: 'Breakpoints',
      other: 'Other measures',
      radius: 'Corner radius',
      sidebar: 'Sidebar open / closed',
    },
    typography: {
      sample: 'Imposta di soggiorno 1.234,56 €',
    },
    flex: {
      text: 'Flex lays out its children in a row or a column with the theme spacing as gap.',
    },
    input: {
      text: 'Text input',
      number: 'Number',
      date: 'Date',
    },
    file: {
      text: 'FilePicker accepts dropped or picked files and refuses other formats.',
    },
    select: {
      text: 'Single and multiple choice.',
      multiple: 'Multiple choice',
    },
    grid: {
      text: 'A 12-column grid; columns stack on small screens.',
    },
    subHeader: {
      sampleTitle: 'Section title',
      sampleSubtitle: 'A short description of the section',
      text: 'SubHeader opens a section of a page with a title, a subtitle and actions.',
    },
  },
};
