import { use, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl, type IntlShape } from 'react-intl';
import { DEFAULT_LANG, isLangCode } from './languages';
import { scopeMessages, type Messages, type ScopeMessages } from './messageScopes';

/** The page's messages with a scope's own on top (one language, both precompiled or both not). */
function merge(page: IntlShape['messages'], own: Messages): IntlShape['messages'] {
  // The two halves have the same form (the builds precompile both), and react-intl reads each
  // message by itself, so the spread is one of the union's two record types.
  return { ...page, ...own } as IntlShape['messages'];
}

/**
 * Renders children with a registered scope's messages (registerMessages: a remote's own) beside the
 * page's, in the page's language. Suspends until they are there, so the first render never shows a
 * message key; I18nProvider loads every registered scope before it switches language, so a switch
 * does not suspend. A scope whose messages fail even in English throws to the nearest error
 * boundary (the shell's remote fallback, with its retry).
 */
export function MessagesScope({ scope, children }: { readonly scope: string; readonly children: ReactNode }) {
  const intl = useIntl();
  const lang = isLangCode(intl.locale) ? intl.locale : DEFAULT_LANG;
  // A plain promise to React: scopeMessages marks it settled (status, value) as React's own use() would.
  const loading: Promise<ScopeMessages> = scopeMessages(scope, lang);
  const own = use(loading);
  const messages = useMemo(() => merge(intl.messages, own.messages), [intl.messages, own]);
  return (
    <IntlProvider
      locale={intl.locale}
      defaultLocale={intl.defaultLocale}
      messages={messages}
      formats={intl.formats}
      defaultFormats={intl.defaultFormats}
      timeZone={intl.timeZone}
      textComponent={intl.textComponent}
      onError={intl.onError}
      onWarn={intl.onWarn}
    >
      {children}
    </IntlProvider>
  );
}
