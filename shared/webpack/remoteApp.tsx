// The `./App` every remote build exposes: the remote's App (or a release build's ReleasedApp) with
// the remote's own messages. They are this remote's chunks, one per language, holding only the keys
// its sources name, precompiled (messagesLoader.cjs); the host's per-language chunks carry the
// shell's. Evaluating this module (the shell preloads ./App at boot) registers them and starts the
// page language's chunk beside the remote's page chunks; MessagesScope renders the App once it is in.
// It passes the App the props the shell gives it (RemoteAppProps) unchanged, so the declaration the
// remote publishes for ./App is its App's own (remoteTypes.cjs), which the host's typecheck checks.
import { type RemoteAppProps } from '@prds/shared/federation';
import { MessagesScope, registerMessages, type LangCode, type Messages } from '@prds/shared/i18n';
import App from 'prds-exposed-app';

interface MessagesModule {
  readonly default: Messages;
}

// One literal import per language, so each is a chunk of its own and a page loads only its language.
const loaders: Record<LangCode, () => Promise<MessagesModule>> = {
  en: () => import(/* webpackChunkName: "messages-en" */ 'prds-locale-files/en.json?messages=own'),
  zh: () => import(/* webpackChunkName: "messages-zh" */ 'prds-locale-files/zh.json?messages=own'),
  ko: () => import(/* webpackChunkName: "messages-ko" */ 'prds-locale-files/ko.json?messages=own'),
  fr: () => import(/* webpackChunkName: "messages-fr" */ 'prds-locale-files/fr.json?messages=own'),
  ru: () => import(/* webpackChunkName: "messages-ru" */ 'prds-locale-files/ru.json?messages=own'),
  de: () => import(/* webpackChunkName: "messages-de" */ 'prds-locale-files/de.json?messages=own'),
  es: () => import(/* webpackChunkName: "messages-es" */ 'prds-locale-files/es.json?messages=own'),
  ar: () => import(/* webpackChunkName: "messages-ar" */ 'prds-locale-files/ar.json?messages=own'),
  ja: () => import(/* webpackChunkName: "messages-ja" */ 'prds-locale-files/ja.json?messages=own'),
  th: () => import(/* webpackChunkName: "messages-th" */ 'prds-locale-files/th.json?messages=own'),
  ms: () => import(/* webpackChunkName: "messages-ms" */ 'prds-locale-files/ms.json?messages=own'),
  vi: () => import(/* webpackChunkName: "messages-vi" */ 'prds-locale-files/vi.json?messages=own'),
};

const SCOPE = process.env.PRDS_REMOTE_NAME ?? 'remote';

registerMessages(SCOPE, (lang) => loaders[lang]().then((module) => module.default));

export default function RemoteApp(props: RemoteAppProps) {
  return (
    <MessagesScope scope={SCOPE}>
      <App {...props} />
    </MessagesScope>
  );
}
