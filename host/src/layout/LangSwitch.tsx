import { LANGUAGES, isLangCode, styled, useIntl, useLang } from '@prds/shared';

const Field = styled.select`
  height: 36px;
  max-width: 9em;
  padding: 0 ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  cursor: pointer;
`;

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
