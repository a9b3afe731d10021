import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIntl } from '@prds/shared/i18n';
import { type AlertItem } from '@prds/shared/live';
import { alertLink, alertText } from './alertText';

export type NotifyPermission = 'unsupported' | 'default' | 'granted' | 'denied';

function currentPermission(): NotifyPermission {
  return typeof Notification === 'function' ? Notification.permission : 'unsupported';
}

/** The browser's Notification permission, and the person's request for it (from a button: browsers ask only then). */
export function useNotifyPermission() {
  const [permission, setPermission] = useState<NotifyPermission>(currentPermission);
  const request = async () => {
    if (typeof Notification !== 'function') return;
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(currentPermission());
    }
  };
  return { permission, request };
}

/**
 * While the tab is in the background and the person allowed it, a browser notification for each
 * alert that arrives unread (not those there when the page loaded or the account connected);
 * clicking it brings the tab forward at the place to act.
 */
export function useBackgroundNotifications(list: readonly AlertItem[] | undefined, read: ReadonlySet<string>) {
  const intl = useIntl();
  const navigate = useNavigate();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (list === undefined) return;
    const known = seen.current;
    seen.current = new Set([...(known ?? []), ...list.map((alert) => alert.key)]);
    if (known === null) return;
    const fresh = list.filter((alert) => !known.has(alert.key) && !read.has(alert.key));
    if (fresh.length === 0 || document.visibilityState !== 'hidden' || currentPermission() !== 'granted') return;
    for (const alert of fresh) {
      try {
        const notification = new Notification(intl.formatMessage({ id: 'host.alerts.notificationTitle' }), {
          body: alertText(intl, alert),
          tag: alert.key,
        });
        notification.onclick = () => {
          window.focus();
          void navigate(alertLink(alert));
          notification.close();
        };
      } catch {
        // Some browsers (Android Chrome) allow notifications only from a service worker: the bell still counts it.
      }
    }
  }, [list, read, intl, navigate]);
}
