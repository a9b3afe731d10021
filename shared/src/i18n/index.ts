// `@prds/shared/i18n`: Languages, the page's messages and a remote's own, react-intl.
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

export { langAtom } from './langAtom';
// i18n
export {
  LANGUAGES,
  DEFAULT_LANG,
  LANG_STORAGE_KEY,
  isLangCode,
  languageDir,
  resolveInitialLang,
  type LangCode,
  type Language,
} from './languages';
export { I18nProvider, useLang, loadShellMessages } from './I18nProvider';
// A remote's own messages (the builds wrap its ./App in these: shared/webpack/remoteApp.tsx)
export { registerMessages, loadRegisteredScopes, type Messages, type MessagesLoader, type ScopeMessages } from './messageScopes';
export { MessagesScope } from './MessagesScope';
export { useDocumentTitle, documentTitleAtom } from './documentTitle';
export { FormattedMessage, useIntl, defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
