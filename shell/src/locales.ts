import de from './locales/de.json';
import en from './locales/en.json';
import nl from './locales/nl.json';
import es from './locales/es.json';

/** The shell's strings, namespace 'shell'. */
export const shellResources = { de: { shell: de }, en: { shell: en }, nl: { shell: nl }, es: { shell: es } };
