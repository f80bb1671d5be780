import { languageStorage } from '../services/storage.ts';
import { activateLanguage, isLanguage, type Language } from '../ui/i18n.ts';

/** The stored choice wins; otherwise the operator's DEFAULT_LANG. */
export function initialLanguage(defaultLanguage: Language): Language {
  const stored = languageStorage.read();
  return isLanguage(stored) ? stored : defaultLanguage;
}

/** The player's choice (the toolbar's select): kept on this device, and the page switches to it. */
export async function chooseLanguage(language: Language): Promise<void> {
  languageStorage.write(language);
  await activateLanguage(language);
}
