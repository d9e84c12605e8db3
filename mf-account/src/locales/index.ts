import de from './de.json';
import en from './en.json';
import es from './es.json';
import nl from './nl.json';

export const locales = { de, en, es, nl };
