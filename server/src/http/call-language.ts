import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@velvet/contracts';

/** The language every REST call carries in its query; texts and links of the answer are written in it. */
export function callLanguage(request: FastifyRequest): Language {
  const asked = (request.query as { language?: unknown } | undefined)?.language;
  return LANGUAGES.find((language) => language === asked) ?? DEFAULT_LANGUAGE;
}
