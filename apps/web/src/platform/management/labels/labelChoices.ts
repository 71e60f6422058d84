export const languageChoices = [
  { id: 'it', name: 'labels.languages.it' },
  { id: 'en', name: 'labels.languages.en' },
];

export const platformChoices = [
  { id: 'web', name: 'labels.platforms.web' },
  { id: 'app', name: 'labels.platforms.app' },
];
