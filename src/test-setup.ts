import { configure } from '@testing-library/react';
import { i18n, namespaces, showLanguage } from './i18n/i18n';

// Screens load lazily: a module graph compiled on its first import takes seconds when the machine
// is busy, past testing-library's 1 s default wait.
configure({ asyncUtilTimeout: 10_000 });

// the screens read their messages in English, loaded before any test renders
await showLanguage('en');
await i18n.loadNamespaces(namespaces);
