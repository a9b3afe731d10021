import { LANGUAGES, isLangCode, useIntl, useLang } from '@prds/shared';
import { HeaderSelect as Field } from './HeaderSelect';

/** The 12 languages by their own names; the choice is remembered by the i18n provider. */
export function LangSwitch() {
  const intl = useIntl();
  const [lang, setLang] = useLang();
  return (
    <Field
      data-testid="lang-switch"
      aria-label={intl.formatMessage({ id: 'host.lang.label' })}
      value={lang}
      onChange={(event) => {
        const next = event.target.value;
        if (isLangCode(next)) setLang(next);
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.nativeName}
        </option>
      ))}
    </Field>
  );
}
